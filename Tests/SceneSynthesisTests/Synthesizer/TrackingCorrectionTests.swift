import ARSimulation
import Foundation
import SceneFormat
import SpatialMath
import Testing

@testable import SceneSynthesis

/// Tracking corrections in the synthesis: the reported camera loses the corrected part of its
/// error, and plane anchors near the camera, mapped with the camera's error, absorb it.
@Suite struct TrackingCorrectionTests {
  /// The wall fixture with `tracking` set.
  static func wall(tracking: String, seed: UInt64 = 11) throws -> Recording {
    let text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"", with: "\"tracking\": \(tracking), \"featurePoints\"")
    return try SceneSynthesizer.recording(spec: SynthesisFixtures.spec(text), seed: seed)
  }

  static func translation(_ plane: RecordingPlane) -> SIMD3<Double> {
    SIMD3(plane.transform[12], plane.transform[13], plane.transform[14])
  }

  /// A 10 cm jump at t = 0 maps the wall's plane 10 cm off; a full correction at 0.5 s with a
  /// radius covering the wall (1 m away) puts camera and plane back on the truth.
  @Test func fullCorrectionBringsCameraAndPlanesBack() throws {
    let jump = "{\"jumps\": [{\"time\": 0, \"offsetMeters\": [0.1, 0, 0]}]"
    let uncorrected = try Self.wall(tracking: jump + "}")
    let corrected = try Self.wall(
      tracking: jump + ", \"corrections\": [{\"time\": 0.5, \"fraction\": 1, \"radiusMeters\": 5}]}"
    )
    let truthCamera = try Self.wall(tracking: "{}")
    var checkedPlanes = 0
    for (i, (a, b)) in zip(uncorrected.frames, corrected.frames).enumerated() {
      let t = Double(i) / 30
      let expected: Double = t < 0.5 ? 0.1 : 0
      let camera = try b.simulatedCamera().positionInWorld
      let trueCamera = try truthCamera.frames[i].simulatedCamera().positionInWorld
      #expect(abs(Double(camera.x - trueCamera.x) - expected) < 1e-6, "frame \(i)")
      // Without corrections planes stay on the truth; with them they carry the error.
      #expect(a.planes.count == b.planes.count)
      for (pa, pb) in zip(a.planes, b.planes) {
        let shift = Self.translation(pb) - Self.translation(pa)
        #expect(abs(shift.x - expected) < 1e-6 && abs(shift.y) < 1e-6, "frame \(i)")
        checkedPlanes += 1
      }
    }
    #expect(checkedPlanes > 10)
    #expect(
      corrected.header.truth?.events == [
        .trackingJump(timestamp: 5, offsetMeters: SIMD3(0.1, 0, 0)),
        .trackingCorrection(timestamp: 5.5, fraction: 1, radiusMeters: 5, falloffMeters: 1),
      ])
  }

  /// Half a 0.2 m/s x drift removed at 0.5 s (error 0.1 m, so −0.05 m), with a radius and
  /// falloff of 0: the camera's error becomes 0.2 t − 0.05, and the plane 1 m away keeps the
  /// error it was mapped with (0.2 × its first-seen time 0).
  @Test func partialCorrectionOutsideTheRadiusLeavesPlanes() throws {
    let tracking =
      "{\"driftMetersPerSecond\": [0.2, 0, 0], \"corrections\": [{\"time\": 0.5, \"fraction\": 0.5, \"radiusMeters\": 0, \"falloffMeters\": 0}]}"
    let recording = try Self.wall(tracking: tracking)
    let truthCamera = try Self.wall(tracking: "{}")
    for (i, frame) in recording.frames.enumerated() {
      let t = Double(i) / 30
      let camera = try frame.simulatedCamera().positionInWorld
      let trueCamera = try truthCamera.frames[i].simulatedCamera().positionInWorld
      let expected = 0.2 * t - (t >= 0.5 ? 0.05 : 0)
      #expect(abs(Double(camera.x - trueCamera.x) - expected) < 1e-6, "frame \(i)")
      for (plane, truthPlane) in zip(frame.planes, truthCamera.frames[i].planes) {
        #expect(abs(Self.translation(plane).x - Self.translation(truthPlane).x) < 1e-6)
      }
    }
    #expect(
      recording.header.truth?.events.map(\.kind) == [.trackingDrift, .trackingCorrection])
  }

  /// Random corrections: drawn from the seed (same seed, same times), within the scene, sorted,
  /// each with the model's shape.
  @Test func randomCorrectionsAreSeeded() throws {
    let tracking =
      "{\"randomCorrections\": {\"meanIntervalSeconds\": 0.1, \"fraction\": 0.25, \"radiusMeters\": 2}}"
    let a = try Self.wall(tracking: tracking, seed: 3).header.truth?.events ?? []
    let b = try Self.wall(tracking: tracking, seed: 3).header.truth?.events ?? []
    let c = try Self.wall(tracking: tracking, seed: 4).header.truth?.events ?? []
    #expect(a == b)
    #expect(a != c)
    // About 10 in a 1 s scene with a 0.1 s mean interval.
    #expect(a.count >= 3 && a.count <= 25)
    #expect(a.allSatisfy { $0.kind == .trackingCorrection && $0.fraction == 0.25 })
    #expect(a.allSatisfy { $0.radiusMeters == 2 && $0.falloffMeters == 1 })
    #expect(a.map(\.timestamp) == a.map(\.timestamp).sorted())
    #expect(a.allSatisfy { $0.timestamp >= 5 && $0.timestamp < 6 })
  }

  /// Bad correction members are refused with their path.
  @Test(arguments: [
    ("{\"corrections\": [{\"time\": 1, \"fraction\": 1.5}]}", "fraction"),
    ("{\"corrections\": [{\"fraction\": 1}]}", "time"),
    ("{\"corrections\": [{\"time\": 1, \"radius\": 1}]}", "radius"),
    ("{\"randomCorrections\": {\"meanIntervalSeconds\": 0}}", "meanIntervalSeconds"),
  ])
  func badCorrectionsAreRefused(tracking: String, key: String) throws {
    let text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"", with: "\"tracking\": \(tracking), \"featurePoints\"")
    do {
      _ = try SynthesisFixtures.spec(text)
      Issue.record("accepted \(tracking)")
    } catch let error as InputFileError {
      #expect(error.description.contains(key), "\(error)")
      #expect(error.description.contains("tracking"), "\(error)")
    }
  }
}
