import Foundation
import SessionSimulation
import Testing
import _TestSupport

/// The session over recordings: frames in order with the recording's values, the same frames
/// from JSON, JSON Lines, memory and a spec with its seed, value semantics, pacing, bad frames.
@Suite struct SimulatedSessionTests {
  static let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")

  static func frames(_ session: SimulatedSession) throws -> [SimulatedFrame] {
    var copy = session
    var frames: [SimulatedFrame] = []
    while let frame = try copy.nextFrame() { frames.append(frame) }
    return frames
  }

  /// The base fixture's frame 1, read by hand from its JSON: camera 90° about +z at (0.5, 1.25,
  /// -2), 1920x1440, the header's portrait 390x844 viewport, two planes, two points, one
  /// detection with two ranked labels, the header's Vision settings.
  @Test func frameCarriesTheRecordedValues() throws {
    let recording = try Recording(jsonBytes: Array(RecordingFixtures.base.utf8))
    var session = try SimulatedSession(recording: recording)
    let first = try #require(try session.nextFrame())
    #expect(first.frameIndex == 0)
    #expect(first.timestamp == 1.0)
    #expect(first.anchors.isEmpty)
    #expect(first.rawFeaturePoints == nil)
    let frame = try #require(try session.nextFrame())
    #expect(session.currentFrame == frame)
    #expect(frame.frameIndex == 1)
    #expect(frame.timestamp == 1.5)
    #expect(frame.camera.positionInWorld == SIMD3(0.5, 1.25, -2))
    #expect(frame.camera.transform.columns.0 == SIMD4(0, 1, 0, 0))
    #expect(frame.camera.imageResolution == Size(width: 1920, height: 1440))
    #expect(frame.camera.trackingState == nil)
    #expect(frame.viewport.size == Size(width: 390, height: 844))
    #expect(frame.viewport.interfaceOrientation == .portrait)
    #expect(frame.anchors.map(\.identifier) == ["P1", "P2"])
    #expect(frame.rawFeaturePoints?.points == [SIMD3(0.1, 0.2, -1), SIMD3(0.3, -0.4, -2)])
    #expect(frame.rawFeaturePoints?.identifiers == [7, 8])
    let observation = try #require(frame.observations.first)
    #expect(observation.boundingBox == Rect(x: 0.25, y: 0.5, width: 0.125, height: 0.25))
    #expect(observation.labels.map(\.identifier) == ["hazard", "button"])
    #expect(observation.confidence == Float(0.91))
    #expect(frame.visionRequest?.orientation == .right)
    #expect(frame.visionRequest?.cropAndScale == .centerCrop)
    #expect(
      frame.deviceDisplayTransform == AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0))
    #expect(try session.nextFrame() == nil)
    #expect(session.currentFrame == nil)
  }

  /// A camera at the origin looking down -z with the principal point at the image centre (to
  /// half a pixel, whichever pixel convention the intrinsics follow): the viewport centre is the
  /// image centre in every orientation, so its query looks along -z to within a pixel's angle
  /// (1/1445 rad); a plane 2 m ahead is hit at distance 2 (cos of that angle: 2.0000005).
  @Test func raycastQueryTakesViewportNormalizedPoints() throws {
    let camera = try Camera(
      transform: .identity,
      intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    let wall = try PlaneAnchor(
      identifier: "wall",
      transform: Matrix4x4(
        SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, -2, 1)),
      center: .zero, extent: try PlaneExtent(width: 4, height: 4),
      boundary: try PlaneBoundary(vertices: [
        SIMD3(-2, 0, -2), SIMD3(2, 0, -2), SIMD3(2, 0, 2), SIMD3(-2, 0, 2),
      ]), alignment: .vertical, classification: .wall)
    let frame = SimulatedFrame(
      frameIndex: 0, timestamp: 0, camera: camera,
      viewport: try Viewport(size: Size(width: 390, height: 844), interfaceOrientation: .portrait),
      world: FrameWorld(planeAnchors: [wall]))
    let query = try #require(
      frame.raycastQuery(
        from: Point(x: 0.5, y: 0.5), allowing: .existingPlaneGeometry, alignment: .any))
    #expect(query.origin == .zero)
    #expect((query.direction - SIMD3(0, 0, -1)).length < 1 / 1445)
    let hit = try #require(frame.raycast(query).first)
    #expect(abs(hit.distance - 2) < 1e-5)
    #expect(hit.anchorIdentifier == "wall")
  }

  @Test func jsonAndJSONLinesAndMemoryGiveTheSameFrames() throws {
    let json = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.json").path
    let lines = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.jsonl").path
    let fromJSON = try Self.frames(SimulatedSession(contentsOfFile: json))
    #expect(fromJSON.count == 3)
    #expect(try Self.frames(SimulatedSession(contentsOfFile: lines)) == fromJSON)
    #expect(
      try Self.frames(SimulatedSession(recording: Recording(contentsOfFile: json))) == fromJSON)
  }

  /// A session synthesized from the committed spec and seed gives the frames of the recording
  /// `arsim synth` wrote from them (Scenes/README.md).
  @Test func specSessionMatchesTheCommittedRecording() throws {
    var synthesized = try SimulatedSession(
      specFile: Self.scenes.appendingPathComponent("specs/dashboard-portrait.json").path, seed: 1)
    var recorded = try SimulatedSession(
      contentsOfFile: Self.scenes.appendingPathComponent("dashboard-portrait.json").path)
    #expect(synthesized.frameCount == recorded.frameCount)
    #expect(synthesized.truth == recorded.truth)
    var count = 0
    while let frame = try recorded.nextFrame() {
      let other = try #require(try synthesized.nextFrame())
      #expect(other == frame, "frame \(frame.frameIndex)")
      count += 1
      if count == 120 { break }  // Two seconds: anchors appear, split and start growing.
    }
    #expect(count == 120)
  }

  /// Copies play on independently, also for a streamed file whose reader they share.
  @Test func copiesPlayOnIndependently() throws {
    let lines = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.jsonl").path
    var session = try SimulatedSession(contentsOfFile: lines)
    let first = try #require(try session.nextFrame())
    var copy = session
    let second = try #require(try session.nextFrame())
    #expect(try copy.nextFrame() == second)
    #expect(try copy.nextFrame() != nil)
    #expect(try copy.nextFrame() == nil)
    #expect(try session.nextFrame() != nil)
    #expect(first.frameIndex == 0 && second.frameIndex == 1)
  }

  @Test func pacingDoesNotChangeTheFrames() throws {
    let path = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.json").path
    let fast = try Self.frames(SimulatedSession(contentsOfFile: path))
    let paced = try Self.frames(
      SimulatedSession(
        contentsOfFile: path,
        options: SimulatedSession.Options(pacing: .realTime(speed: 1000))))
    #expect(paced == fast)
  }

  /// A frame with a bad focal length: thrown with its path by default, skipped and listed with
  /// `skipsInvalidFrames`.
  @Test func badFramesAreThrownOrSkipped() throws {
    var recording = try Recording(jsonBytes: Array(RecordingFixtures.base.utf8))
    recording.frames[1].camera.intrinsics[0] = 0
    var strict = try SimulatedSession(recording: recording, file: "bad.json")
    _ = try strict.nextFrame()
    let error = try #require(throws: InputFileError.self) { try strict.nextFrame() }
    #expect(error.file == "bad.json")
    #expect(error.jsonPath.hasPrefix("frames[1].camera.intrinsics"))
    var lenient = try SimulatedSession(
      recording: recording, options: SimulatedSession.Options(skipsInvalidFrames: true))
    #expect(try Self.frames(lenient).map(\.frameIndex) == [0])
    while try lenient.nextFrame() != nil {}
    #expect(lenient.skippedFrames.map(\.frameIndex) == [1])
  }
}
