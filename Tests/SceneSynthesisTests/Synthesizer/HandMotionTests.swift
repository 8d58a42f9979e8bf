import Foundation
import SceneFormat
import SpatialMath
import Testing

@testable import SceneSynthesis

/// The handheld-motion model (`HandMotionSpec`) on the wall fixture's still camera.
@Suite struct HandMotionTests {
  /// The wall spec, 60 fps for `seconds`, with `hand` in the trajectory.
  static func spec(hand: String, seconds: Int = 20) throws -> SceneSpec {
    let text = SynthesisFixtures.wall(
      replacing: "\"framesPerSecond\": 30, \"durationSeconds\": 1",
      with: "\"framesPerSecond\": 60, \"durationSeconds\": \(seconds)")
    let withHand = text.replacingOccurrences(
      of: "\"lookAt\": [0, 0, -1]}]}", with: "\"lookAt\": [0, 0, -1]}], \"hand\": \(hand)}")
    return try SynthesisFixtures.spec(withHand)
  }

  /// One band [1, 2) Hz with a 3D velocity RMS of 0.1 m/s and an angular velocity RMS of 10°/s,
  /// four sines per axis: by construction the mean square velocity is Σ (2πf A)² / 2 over the
  /// twelve translation sines, each (0.1)² / 12, so 0.01 m²/s² in total. Measured by central
  /// differences over 20 s at 60 fps (the difference quotient of a 2 Hz sine is within 0.2 % of
  /// its derivative, and the cross terms of distinct frequencies average to a few per cent over
  /// 20 s): within 10 %. The same for the angular velocity from consecutive orientations.
  @Test func bandRMSMatchesTheSpec() throws {
    let spec = try Self.spec(
      hand: """
        {"bandEdgesHertz": [1, 2], "velocityRMSMetersPerSecond": [0.1],
         "angularVelocityRMSDegreesPerSecond": [10]}
        """)
    let recording = try SceneSynthesizer.recording(spec: spec, seed: 5)
    let poses = try recording.frames.map { try $0.simulatedCamera().worldFromCamera }
    var velocitySquares = 0.0
    var angularSquares = 0.0
    var count = 0
    for i in 1..<(poses.count - 1) {
      let dt = recording.frames[i + 1].timestamp - recording.frames[i - 1].timestamp
      let v = (poses[i + 1].translation - poses[i - 1].translation) / Float(dt)
      velocitySquares += Double(v.lengthSquared)
      let dot = abs(Double((poses[i - 1].rotation.vector * poses[i + 1].rotation.vector).sum()))
      let turn = 2 * acos(min(dot, 1))
      angularSquares += pow(turn / dt * 180 / Double.pi, 2)
      count += 1
    }
    let velocityRMS = (velocitySquares / Double(count)).squareRoot()
    let angularRMS = (angularSquares / Double(count)).squareRoot()
    #expect(abs(velocityRMS - 0.1) < 0.01, "velocity RMS \(velocityRMS) m/s")
    #expect(abs(angularRMS - 10) < 1, "angular velocity RMS \(angularRMS) °/s")
  }

  /// The JSON form round-trips, and a hand model moves the camera (the committed scenes, which
  /// have none, re-synthesize byte for byte: `CommittedScenesTests`).
  @Test func handRoundTripsAndMovesTheCamera() throws {
    let plain = try SynthesisFixtures.spec(SynthesisFixtures.wall)
    #expect(plain.trajectory?.hand == nil)
    let hand = HandMotionSpec(
      bandEdgesHertz: [0.5, 1, 2], velocityRMSMetersPerSecond: [0.2, 0.05],
      angularVelocityRMSDegreesPerSecond: [12, 6], componentsPerBand: 3)
    let decoded = try HandMotionSpec(json: hand.jsonValue)
    #expect(decoded == hand)
    var withHand = plain
    withHand.trajectory?.hand = hand
    let a = try SceneSynthesizer.recording(spec: withHand, seed: 3).jsonBytes()
    let b = try SceneSynthesizer.recording(spec: plain, seed: 3).jsonBytes()
    #expect(a != b)
  }
}
