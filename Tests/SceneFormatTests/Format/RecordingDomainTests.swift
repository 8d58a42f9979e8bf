import ARSimulation
import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import SceneFormat

@Suite("Recording <-> domain types")
struct RecordingDomainTests {
  static let sample = RecordingFixtures.packageRoot()
    .appendingPathComponent("Scenes/recordings/dashboard-three-frames.json").path

  @Test("The sample recording converts to cameras and worlds, and back to the same records")
  func sampleRoundTrip() throws {
    let recording = try Recording(contentsOfFile: Self.sample)
    for frame in recording.frames {
      let camera = try frame.simulatedCamera()
      #expect(RecordingCamera(camera) == frame.camera)
      let world = try frame.frameWorld()
      #expect(world.planeAnchors.count == frame.planes.count)
      for (anchor, plane) in zip(world.planeAnchors, frame.planes) {
        let back = RecordingPlane(anchor)
        #expect(back.identifier == plane.identifier)
        #expect(back.alignment == plane.alignment && back.classification == plane.classification)
        // Float storage: values agree to Float precision.
        for (a, b) in zip(back.transform, plane.transform) {
          #expect(abs(a - b) <= 1e-6 * max(1, abs(b)))
        }
      }
    }
    let vision = try #require(recording.header.vision)
    #expect(RecordingVision(try vision.requestSettings()) == vision)
  }

  @Test("A non-rigid plane transform is refused with its path")
  func nonRigidPlane() throws {
    let plane = RecordingPlane(
      identifier: "p", transform: [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -1, 1], center: .zero,
      extent: RecordingPlaneExtent(width: 1, height: 1, rotationOnYAxisRadians: 0),
      boundary: [[-0.5, 0, -0.5], [0.5, 0, -0.5], [0.5, 0, 0.5]], alignment: .horizontal)
    let frame = RecordingFrame(
      timestamp: 0,
      camera: RecordingCamera(
        transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        intrinsics: [1000, 0, 0, 0, 1000, 0, 500, 400, 1],
        imageResolution: Size(width: 1000, height: 800)),
      planes: [plane])
    let error = #expect(throws: InputFileError.self) { try frame.frameWorld() }
    #expect(error?.jsonPath == "planes[0].transform")
  }

  @Test("A zero focal length is refused at camera.intrinsics")
  func zeroFocalLength() throws {
    let frame = RecordingFrame(
      timestamp: 0,
      camera: RecordingCamera(
        transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        intrinsics: [0, 0, 0, 0, 1000, 0, 500, 400, 1],
        imageResolution: Size(width: 1000, height: 800)))
    let error = #expect(throws: InputFileError.self) { try frame.simulatedCamera() }
    #expect(error?.jsonPath == "camera.intrinsics")
  }
}
