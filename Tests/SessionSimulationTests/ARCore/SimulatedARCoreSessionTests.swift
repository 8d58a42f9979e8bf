import ARSimulation
import Foundation
import Placement
import SceneSynthesis
import SessionSimulation
import Testing

/// The committed ARCore scene (Scenes/arcore-dashboard-portrait.json: the dashboard scene
/// recorded by ARCore + ML Kit on a portrait phone) through ARCore's shape of the session.
@Suite struct SimulatedARCoreSessionTests {
  static let arcoreScene = SimulatedSessionTests.scenes.appendingPathComponent(
    "arcore-dashboard-portrait.json"
  ).path

  @Test("Frames have ARCore's shape: display geometry, two streams, ML Kit boxes, updated planes")
  func frames() throws {
    var session = try SimulatedARCoreSession(contentsOfFile: Self.arcoreScene)
    var count = 0
    var withObjects = 0
    var firstPlaneFrame: SimulatedARCoreFrame?
    while let frame = try session.nextFrame() {
      count += 1
      #expect(frame.frame.displayGeometry.rotation == .rotation0)
      #expect(frame.frame.displayGeometry.viewSize == Size(width: 1080, height: 2400))
      #expect(
        frame.frame.camera.textureIntrinsics.imageDimensions == Size(width: 1920, height: 1080))
      #expect(frame.frame.camera.imageIntrinsics.imageDimensions == Size(width: 640, height: 480))
      #expect(frame.frame.uprightImageRotationDegrees == 90)
      if !frame.mlKitObjects.isEmpty { withObjects += 1 }
      // The scene loses tracking from 7.0 to 7.5 s: ARCore's camera is PAUSED, no boxes.
      let lost = frame.timestamp >= 7 && frame.timestamp < 7.5
      #expect(
        frame.frame.camera.trackingState == (lost ? .paused : .tracking), "\(frame.timestamp)")
      if lost { #expect(frame.mlKitObjects.isEmpty) }
      #expect(frame.mlKitObjects.allSatisfy { $0.rotationDegrees == 90 })
      if firstPlaneFrame == nil, !frame.frame.planes.isEmpty { firstPlaneFrame = frame }
      #expect(session.currentFrame == frame)
    }
    #expect(count == 600)
    #expect(withObjects > 500)
    // The frame where the first planes appear lists them as updated, in frame order.
    let first = try #require(firstPlaneFrame)
    #expect(first.updatedPlaneIdentifiers == first.frame.planes.map(\.identifier))
  }

  @Test("An ARKit recording is not an ARCore session")
  func refusesARKitRecordings() throws {
    let arkit = SimulatedSessionTests.scenes.appendingPathComponent("dashboard-portrait.json").path
    do {
      _ = try SimulatedARCoreSession(contentsOfFile: arkit)
      Issue.record("opened an ARKit recording as ARCore")
    } catch let error as InputFileError {
      #expect(error.jsonPath == "platform")
      #expect(error.file == arkit)
    }
  }

  /// Markers exactly on the truth score perfectly: the harness decides visibility in ARCore's
  /// view as it does for ARKit's.
  @Test func oracleScoresPerfectly() throws {
    var session = try SimulatedARCoreSession(contentsOfFile: Self.arcoreScene)
    let truth = try #require(session.truth)
    let score = try session.run(PlacementHarness(diagnoses: false)) { _ in
      PlacementHarnessTests.oracle(truth)
    }
    #expect(score.frameCount == 600)
    #expect(score.mota == 1 && score.placementErrorRMSMillimeters == 0)
    #expect(score.objects.contains { $0.visibleFrameCount > 0 })
  }

  /// An Android placer: ML Kit box centre -> ARCore hit test (the samples' filter) -> the
  /// package's tracker. `ignoringRotation` makes the classic mistake of reading the upright
  /// image's box as if it were in the CPU image (rotationDegrees taken as 0).
  struct AndroidPlacer: ARCoreMarkerPlacer {
    var tracker: MarkerTracker<AnyPositionFilter>
    let ignoringRotation: Bool

    init(ignoringRotation: Bool) throws {
      tracker = try MarkerTracker(filterPrototype: AnyPositionFilter.trackingDefault)
      self.ignoringRotation = ignoringRotation
    }

    mutating func markers(for frame: SimulatedARCoreFrame) -> [PlacedMarker] {
      let objects = frame.mlKitObjects.map { object in
        guard ignoringRotation else { return object }
        let b = object.boundingBox
        // The same (valid) edges with rotation 0 cannot be refused.
        return
          (try? ARCore.MLKitDetectedObject(
            left: b.minX, top: b.minY, right: b.maxX, bottom: b.maxY, rotationDegrees: 0,
            labels: object.labels)) ?? object
      }
      let measurements = ARCorePlacement().place(objects, in: frame.frame).compactMap(
        \.measurement)
      return tracker.update(measurements: measurements, timestampSeconds: frame.timestamp).map(
        PlacedMarker.init)
    }
  }

  @Test("The Android placer scores like the ARKit pipeline; ignoring rotationDegrees does not")
  func androidPlacer() throws {
    var good = try AndroidPlacer(ignoringRotation: false)
    var session = try SimulatedARCoreSession(contentsOfFile: Self.arcoreScene)
    let score = try session.run(&good, harness: PlacementHarness(diagnoses: false))
    print(
      "ARCore placer: MOTA \(score.mota ?? .nan), error RMS \(score.placementErrorRMSMillimeters ?? .nan) mm"
    )
    #expect(try #require(score.mota) > 0.8)
    #expect(try #require(score.placementErrorRMSMillimeters) < 25)
    var wrong = try AndroidPlacer(ignoringRotation: true)
    var again = try SimulatedARCoreSession(contentsOfFile: Self.arcoreScene)
    let mistaken = try again.run(&wrong, harness: PlacementHarness(diagnoses: false))
    print("ARCore placer ignoring rotationDegrees: MOTA \(mistaken.mota ?? .nan)")
    #expect(try #require(mistaken.mota) < 0.3)
  }

  @Test("The package's reference Android placer is the samples' recipe: the same score")
  func referencePlacer() throws {
    var recipe = try AndroidPlacer(ignoringRotation: false)
    var session = try SimulatedARCoreSession(contentsOfFile: Self.arcoreScene)
    let expected = try session.run(&recipe, harness: PlacementHarness(diagnoses: false))
    var reference = ARCoreReferencePlacer()
    var again = try SimulatedARCoreSession(contentsOfFile: Self.arcoreScene)
    #expect(try again.run(&reference, harness: PlacementHarness(diagnoses: false)) == expected)
  }

  /// The real ARCore trajectory (Scenes/real-arcore-logger.json: 666 Android sensor poses of the
  /// ARCore Data Logger turned into camera poses, buttons on the capture's dominant plane)
  /// replayed through ARCore's session shape: every frame comes through, ML Kit sees the
  /// buttons, and the Android placer puts markers on them.
  @Test("The real ARCore logger trajectory replays through the ARCore session")
  func realARCoreLoggerScene() throws {
    let path = SimulatedSessionTests.scenes.appendingPathComponent("real-arcore-logger.json").path
    var session = try SimulatedARCoreSession(contentsOfFile: path)
    var count = 0
    var withObjects = 0
    while let frame = try session.nextFrame() {
      count += 1
      if !frame.mlKitObjects.isEmpty { withObjects += 1 }
    }
    #expect(count == 666)
    #expect(withObjects > 100, "\(withObjects) frames with ML Kit objects")
    var placer = try AndroidPlacer(ignoringRotation: false)
    var again = try SimulatedARCoreSession(contentsOfFile: path)
    let score = try again.run(&placer, harness: PlacementHarness(diagnoses: false))
    print(
      "real ARCore logger: MOTA \(score.mota ?? .nan), error RMS "
        + "\(score.placementErrorRMSMillimeters ?? .nan) mm")
    #expect(try #require(score.mota) > 0.5)
    #expect(try #require(score.placementErrorRMSMillimeters) < 40)
  }

  /// Scenes/specs/arcore-dashboard-curved.json: the curved dashboard recorded by ARCore with the
  /// Depth API (AUTOMATIC, depth every frame). The buttons stand proud of a curved panel whose
  /// planes cover only its flat middle, so ARCore's samples' filter finds almost no plane hit;
  /// with depth points it lands on the buttons' faces.
  @Test("ARCore depth: depth points place the curved dashboard's buttons, planes alone do not")
  func depthPointsOnTheCurvedDashboard() throws {
    let specPath = SimulatedSessionTests.scenes.appendingPathComponent(
      "specs/arcore-dashboard-curved.json"
    ).path
    var spec = try SceneSpec(contentsOfFile: specPath)
    var session = try SimulatedARCoreSession(source: ReplaySource(spec: spec, seed: 1))
    let first = try #require(try session.nextFrame())
    let depth = try first.frame.acquireDepthImage16Bits()
    #expect(depth.width == 256 && depth.height == 192)
    #expect(try first.frame.acquireRawDepthImage16Bits() == depth, "no smoothed map: raw = full")

    var placer = ARCoreReferencePlacer()
    var withDepth = try SimulatedARCoreSession(source: ReplaySource(spec: spec, seed: 1))
    let score = try withDepth.run(&placer, harness: PlacementHarness(diagnoses: false))
    print(
      "ARCore depth points: MOTA \(score.mota ?? .nan), error RMS "
        + "\(score.placementErrorRMSMillimeters ?? .nan) mm")
    #expect(try #require(score.mota) > 0.9)
    #expect(try #require(score.placementErrorRMSMillimeters) < 6)

    spec.arcore?.depthMode = .disabled
    var planesOnly = ARCoreReferencePlacer()
    var withoutDepth = try SimulatedARCoreSession(source: ReplaySource(spec: spec, seed: 1))
    let plain = try withoutDepth.run(&planesOnly, harness: PlacementHarness(diagnoses: false))
    print("ARCore without depth: MOTA \(plain.mota ?? .nan)")
    #expect(try #require(plain.mota) < 0.2)
  }
}
