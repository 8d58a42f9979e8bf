import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import SceneFormat

@Suite struct LightshipImporterTests {
  /// A capture.json of `poses` (worldFromCamera, column-major, ARKit axes = OpenGL's camera
  /// convention) as Lightship's recorder writes it.
  static func capture(
    _ poses: [[Double]], intrinsics: [Double] = [1500, 1490, 959.5, 719.5, 0],
    tracking: [Int]? = nil
  ) -> String {
    let frames = poses.enumerated().map { index, pose in
      """
      {"sequence": \(index), "image": "images/\(index).jpg", "timestamp": \(1_700_000_000 + Double(index) / 30),
       "pose4x4": [\(pose.map { "\($0)" }.joined(separator: ", "))],
       "resolution": [1920, 1440], "intrinsics": [\(intrinsics.map { "\($0)" }.joined(separator: ", "))],
       "tracking": \(tracking?[index] ?? 2), "trackingReason": \(tracking?[index] == 1 ? 3 : 0), "exposure": 0.01}
      """
    }
    return """
      {"resolution": [1920, 1440], "framerate": 30, "frameCount": \(poses.count), "depthSource": "",
       "frames": [\(frames.joined(separator: ",\n"))]}
      """
  }

  static func write(_ text: String) throws -> URL {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    try Data(text.utf8).write(
      to: directory.appendingPathComponent(LightshipImporter.captureFileName))
    return directory
  }

  /// Seeded camera poses -> capture.json -> importer -> the same poses, and each camera sees the
  /// point 2 m along its -z axis at the principal point (OpenGL's convention is ARKit's: no
  /// axis flip), with the intrinsics in column-major order.
  @Test func posesRoundTripAndTheOpticalAxisHitsThePrincipalPoint() throws {
    var random = SplitMix64(seed: 4242)
    var poses: [[Double]] = []
    for _ in 0..<12 {
      let axis = try #require(
        SIMD3<Float>(
          Float(random.uniform(-1...1)), Float(random.uniform(-1...1)),
          Float(random.uniform(-1...1))
        ).normalized())
      let rotation = Quaternion(angle: .degrees(random.uniform(-180...180)), axis: axis)
      let matrix = Matrix4x4(
        rotation: rotation.rotationMatrix,
        translation: SIMD3(
          Float(random.uniform(-2...2)), Float(random.uniform(-2...2)),
          Float(random.uniform(-2...2))))
      poses.append(matrix.columnMajor.map(Double.init))
    }
    let directory = try Self.write(Self.capture(poses))
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try LightshipImporter().importRecording(directory: directory.path)
    #expect(recording.frames.map(\.camera.transform) == poses)
    #expect(recording.frames[0].camera.intrinsics == [1500, 0, 0, 0, 1490, 0, 959.5, 719.5, 1])
    #expect(recording.frames[0].camera.trackingState == .normal)
    #expect(recording.frames[1].timestamp > recording.frames[0].timestamp)
    for frame in recording.frames {
      let camera = try frame.simulatedCamera()
      let pose = try #require(frame.camera.worldFromCamera)
      // The package's pixels are continuous (pixel i covers [i, i + 1)) and the principal point
      // counts pixel centres at integers, as ARKit's (and the platforms' that Lightship
      // forwards): the optical axis meets the image at (cx + 0.5, cy + 0.5).
      let ahead = pose.transformPoint(SIMD3(0, 0, -2))
      let pixel = try #require(camera.projectToImagePixels(ahead))
      #expect(abs(pixel.x - 960) < 0.01 && abs(pixel.y - 720) < 0.01, "\(pixel)")
      // +x to the right of the image, +y up it: (0.2, 0.1, -2) is 0.1 fx right, 0.05 fy up.
      let offset = try #require(
        camera.projectToImagePixels(pose.transformPoint(SIMD3(0.2, 0.1, -2))))
      #expect(
        abs(offset.x - (960 + 150)) < 0.05 && abs(offset.y - (720 - 74.5)) < 0.05, "\(offset)")
    }
    // Members not read are kept.
    guard case .object(let kept) = recording.frames[0].extras["lightship"] else {
      Issue.record("extras missing")
      return
    }
    #expect(kept["image"] == .string("images/0.jpg"))
  }

  @Test func mapsTrackingStates() throws {
    let identity = Matrix4x4.identity.columnMajor.map(Double.init)
    let directory = try Self.write(
      Self.capture([identity, identity, identity], tracking: [0, 1, 2]))
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try LightshipImporter().importRecording(directory: directory.path)
    #expect(
      recording.frames.map(\.camera.trackingState) == [
        .notAvailable, .limited(.excessiveMotion), .normal,
      ])
  }

  @Test(arguments: [
    (
      #"{"frames": [{"timestamp": 1, "pose4x4": [1, 0, 0], "resolution": [2, 2], "intrinsics": [1, 1, 1, 1, 0], "tracking": 2}]}"#,
      "capture.json: frames[0].pose4x4"
    ),
    (
      #"{"frames": [{"timestamp": 1, "pose4x4": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1], "resolution": [2, 2], "intrinsics": [1, 1, 1, 1, 0], "tracking": 5}]}"#,
      "capture.json: frames[0].tracking: must be a whole number in 0...2, got 5"
    ),
    (#"{"frames": []}"#, "capture.json: frames: no frames"),
    (#"{"frame": []}"#, "capture.json: missing required member \"frames\""),
  ])
  func refusesBadCapturesNamingThePath(text: String, expected: String) throws {
    let directory = try Self.write(text)
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = #expect(throws: InputFileError.self) {
      try LightshipImporter().importRecording(directory: directory.path)
    }
    #expect(error?.description.hasPrefix(expected) == true, "\(String(describing: error))")
  }
}
