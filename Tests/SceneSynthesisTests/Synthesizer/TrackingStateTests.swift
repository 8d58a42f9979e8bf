import ARSimulation
import Foundation
import SceneFormat
import SceneSynthesis
import Testing
import _TestSupport

/// The tracking states a spec writes besides interruptions: `initializing` for the first
/// `initializingSeconds` (no plane anchors yet) and `excessiveMotion` on the frames whose camera
/// turns faster than `excessiveMotionDegreesPerSecond`. Without tracking noise the reported
/// orientation is the true one, so the turn between two frames is measured here from the
/// recording's rotation matrices (the angle θ of R₁ᵀR₂ from its trace: 1 + 2 cos θ).
@Suite struct TrackingStateTests {
  static func spec() throws -> SceneSpec {
    var spec = try SceneSpec(
      contentsOfFile: RecordingFixtures.packageRoot()
        .appendingPathComponent("Scenes/specs/dashboard-glance-away.json").path)
    spec.durationSeconds = 8
    var tracking = TrackingModelSpec()
    tracking.initializingSeconds = 1
    tracking.excessiveMotionDegreesPerSecond = 60
    spec.tracking = tracking
    return spec
  }

  /// The angle in degrees between two camera orientations (column-major 4x4 transforms).
  static func turnDegrees(_ a: [Double], _ b: [Double]) -> Double {
    // trace(AᵀB) = Σ over the 3x3 block of a[i] * b[i].
    var trace = 0.0
    for column in 0..<3 {
      for row in 0..<3 { trace += a[column * 4 + row] * b[column * 4 + row] }
    }
    return acos(min(1, max(-1, (trace - 1) / 2))) * 180 / .pi
  }

  @Test func initializingThenExcessiveMotionWhereTheCameraTurnsFast() throws {
    let spec = try Self.spec()
    let start = spec.startTimestampSeconds
    let recording = try SceneSynthesizer.recording(spec: spec, seed: 6)
    var excessive = 0
    var normal = 0
    for (index, frame) in recording.frames.enumerated() {
      let t = frame.timestamp - start
      let state = frame.camera.trackingState
      if t < 1 - 1e-9 {
        #expect(state == .limited(.initializing), "t = \(t)")
        #expect(frame.planes.isEmpty, "t = \(t)")
        continue
      }
      let previous = recording.frames[index - 1]
      let turn = Self.turnDegrees(previous.camera.transform, frame.camera.transform)
      let speed = turn / (frame.timestamp - previous.timestamp)
      // Float poses: leave out turns within 1 % of the limit.
      guard abs(speed - 60) > 0.6 else { continue }
      let expected: Camera.TrackingState = speed > 60 ? .limited(.excessiveMotion) : .normal
      #expect(state == expected, "t = \(t): \(speed) °/s")
      if state == .normal { normal += 1 } else { excessive += 1 }
    }
    #expect(excessive > 0 && normal > 0, "\(excessive) fast, \(normal) normal")
  }

  /// In an ARCore scene the camera is PAUSED wherever ARKit's is limited, with ARCore's reason:
  /// NONE while initializing or relocalizing, EXCESSIVE_MOTION for excessive motion; a paused
  /// frame's hit tests return nothing. Each frame is held against the ARKit state the same
  /// synthesizer writes (`camera.trackingState`), whose timing the test above checks.
  @Test func anARCoreSceneIsPausedWithARCoresReason() throws {
    var spec = try SceneSpec(
      contentsOfFile: RecordingFixtures.packageRoot()
        .appendingPathComponent("Scenes/specs/arcore-dashboard-portrait.json").path)
    spec.durationSeconds = 10
    var tracking = TrackingModelSpec()
    tracking.initializingSeconds = 1
    tracking.excessiveMotionDegreesPerSecond = 20
    tracking.interruptions = [
      .init(startSeconds: 4, endSeconds: 5, outcome: .relocalized, relocalizationSeconds: 2)
    ]
    spec.tracking = tracking
    let recording = try SceneSynthesizer.recording(spec: spec, seed: 6)
    let session = try #require(recording.header.arcore)
    var seen: Set<String> = []
    for frame in recording.frames {
      let arcore = try #require(frame.arcore)
      let expected: (ARCore.TrackingState, ARCore.TrackingFailureReason)
      switch frame.camera.trackingState {
      case .normal?: expected = (.tracking, .none)
      case .limited(.initializing)?, .limited(.relocalizing)?: expected = (.paused, .none)
      case .limited(.excessiveMotion)?: expected = (.paused, .excessiveMotion)
      case let other:
        Issue.record("unexpected state \(String(describing: other))")
        continue
      }
      #expect(arcore.trackingState == expected.0 && arcore.trackingFailureReason == expected.1)
      seen.insert("\(expected.0.name) \(expected.1.name)")
      let arcoreFrame = try frame.arcoreFrame(session: session)
      if arcore.trackingState == .paused {
        #expect(
          arcoreFrame.hitTest(origin: .zero, direction: SIMD3(0, 0, -1)).isEmpty,
          "a paused frame gave hits")
      }
    }
    #expect(seen == ["TRACKING NONE", "PAUSED NONE", "PAUSED EXCESSIVE_MOTION"], "\(seen)")
  }

  @Test func theSpecRoundTripsItsStates() throws {
    let spec = try Self.spec()
    let again = try SceneSpec(json: spec.jsonValue)
    #expect(again.tracking.excessiveMotionDegreesPerSecond == 60)
    #expect(again.tracking.initializingSeconds == 1)
  }
}
