import ARSimulation
import Placement
import SpatialMath
import Testing

/// Identity under real hand motion, with views (frames at 30 Hz, buttons on a wall facing +z at
/// z = -1 m, the camera at z = 0 unless said otherwise; see `TrackerViewFixtures`). The test plays
/// the detector: a button is measured when the detector's image shows it (5 % margin), at the
/// point where the ray through its image point meets the wall.
@Suite struct MarkerTrackerBehaviourTests {
  typealias F = TrackerViewFixtures

  /// "fan" at x = -0.1 and 0.1, "ac" at 0: same-label buttons 20 cm apart.
  static let buttons: [(label: String, position: SIMD3<Float>)] = [
    ("fan", SIMD3(-0.1, 0, -1)), ("ac", SIMD3(0, 0, -1)), ("fan", SIMD3(0.1, 0, -1)),
  ]

  /// The ray from `camera` through the image point where `imageCamera` sees `point`, met with
  /// the plane z = `wallZ` (`nil` when it does not meet it in front).
  static func hit(
    _ point: SIMD3<Float>, seenBy imageCamera: Camera, castFrom camera: Camera,
    wallZ: Float = -1
  ) -> SIMD3<Float>? {
    guard let pixel = imageCamera.projectToImagePixels(point),
      let ray = camera.ray(throughImagePixel: pixel), ray.direction.z < 0
    else { return nil }
    let t = (wallZ - ray.origin.z) / ray.direction.z
    return ray.origin + t * ray.direction
  }

  static func measurements(in view: DetectorView) -> [MarkerMeasurement] {
    buttons.compactMap { button in
      guard F.sees(view, button.position) else { return nil }
      return F.wallMeasurement(button.label, button.position)
    }
  }

  /// Confirms the three buttons from the origin (three frames): markers 1, 2, 3 in button order.
  static func start() -> MarkerTracker<ConstantPositionKalmanFilter> {
    var tracker = F.tracker()
    for i in 0..<3 {
      tracker.update(
        measurements: measurements(in: F.view()), timestampSeconds: Double(i) / 30, view: F.view())
    }
    return tracker
  }

  /// The buttons leave the view (the camera turns 90° left in 0.5 s, stays 4 s, turns back in
  /// 0.5 s) and come back: the same three markers, none created, each exactly on its button
  /// (every measurement is exact, and an update with the estimate itself leaves it unchanged).
  @Test func identitySurvivesLeavingAndReenteringTheView() {
    var tracker = Self.start()
    for i in 3..<240 {
      let t = Double(i) / 30
      let yaw: Double =
        t < 1 ? 0 : t < 1.5 ? 180 * (t - 1) : t < 5.5 ? 90 : t < 6 ? 90 - 180 * (t - 5.5) : 0
      let view = F.view(yawDegrees: yaw)
      tracker.update(measurements: Self.measurements(in: view), timestampSeconds: t, view: view)
      if (2.0..<5.0).contains(t) {
        #expect(tracker.markers.map(\.id) == [1, 2, 3], "t = \(t): out of view, kept")
      }
    }
    #expect(tracker.shownMarkers.map(\.id) == [1, 2, 3])
    #expect(tracker.shownMarkers.map(\.position) == Self.buttons.map(\.position))
    #expect(tracker.statistics.createdMarkerCount == 3)
  }

  /// A fast pan: the camera swings between yaw -30° and +30° at 90°/s for 4 s, and the detector's
  /// boxes are one display frame (1/60 s) older than the pose they are placed with, so every
  /// measurement lands off by the turn in that time: 1.5°, which moves a button 5.7° off the axis
  /// at 1 m along the wall by tan(7.2°) - tan(5.7°) = 26.5 mm. With the model's latency set to
  /// 1/60 s the gate widens sideways by latency · angular speed · range = (1/60)(π/2)(1) = 26 mm
  /// (σ about 29 mm with the image noise: 26.5² / 29² < 1), so every measurement is taken: no
  /// outlier, no re-anchoring, no new marker, and each marker stays within the measurements'
  /// convex hull (the filter's updates are convex combinations), within 4 cm of its button.
  @Test func identitySurvivesAFastPan() {
    var tracker = F.tracker { $0.measurementError.latencySeconds = 1.0 / 60 }
    for i in 0..<3 {
      tracker.update(
        measurements: Self.measurements(in: F.view()), timestampSeconds: Double(i) / 30,
        view: F.view())
    }
    func yaw(_ t: Double) -> Double {
      // A triangle wave at 90°/s between -30° and 30°, from 0 at t = 0.1 s (3° per frame, so
      // the turning points fall on frames).
      let travel = max(0, (t - 0.1) * 90).truncatingRemainder(dividingBy: 120)
      return travel < 30 ? travel : travel < 90 ? 60 - travel : travel - 120
    }
    for i in 3..<123 {
      let t = Double(i) / 30
      let view = F.view(yawDegrees: yaw(t))
      let seen = F.camera(yawDegrees: yaw(t - 1.0 / 60))
      let measured = Self.buttons.compactMap { button -> MarkerMeasurement? in
        guard F.sees(DetectorView(camera: seen), button.position),
          let p = Self.hit(button.position, seenBy: seen, castFrom: view.camera)
        else { return nil }
        return F.wallMeasurement(button.label, p)
      }
      tracker.update(measurements: measured, timestampSeconds: t, view: view)
    }
    #expect(tracker.statistics.createdMarkerCount == 3)
    #expect(tracker.statistics.outlierMeasurementCount == 0)
    #expect(tracker.statistics.reanchorCount == 0)
    #expect(tracker.markers.map(\.id) == [1, 2, 3])
    for (marker, button) in zip(tracker.markers, Self.buttons) {
      #expect(marker.position.distance(to: button.position) < 0.04)
    }
  }

  /// The camera walks along x at 0.3 m/s; at t = 1 s the reported camera jumps 1 cm along +x
  /// (a relocalization), so from then on every ray starts 1 cm further and meets the wall 1 cm
  /// further along x. Face on at about 1 m the gate's sideways variance is 2.5² (image) + 1
  /// (floor) + 3² (marker) = 16.25 mm², and 10² / 16.25 = 6.2 < 16.27: the shifted measurements
  /// are taken. Same markers, no outlier, no re-anchoring; each marker ends between its button
  /// and the button + 1 cm in x.
  @Test func identitySurvivesATrackingJumpDuringMotion() {
    var tracker = F.tracker()
    for i in 0..<60 {
      let t = Double(i) / 30
      let truePosition = SIMD3<Float>(Float(-0.3 + 0.3 * t), 0, 0)
      let reported = truePosition + (t >= 1 ? SIMD3(0.01, 0, 0) : .zero)
      let trueCamera = F.camera(at: truePosition)
      let view = F.view(at: reported)
      let measured = Self.buttons.compactMap { button -> MarkerMeasurement? in
        guard F.sees(DetectorView(camera: trueCamera), button.position),
          let p = Self.hit(button.position, seenBy: trueCamera, castFrom: view.camera)
        else { return nil }
        return F.wallMeasurement(button.label, p)
      }
      tracker.update(measurements: measured, timestampSeconds: t, view: view)
    }
    #expect(tracker.statistics.createdMarkerCount == 3)
    #expect(tracker.statistics.outlierMeasurementCount == 0)
    #expect(tracker.statistics.reanchorCount == 0)
    #expect(tracker.markers.map(\.id) == [1, 2, 3])
    for (marker, button) in zip(tracker.markers, Self.buttons) {
      #expect(marker.position.x >= button.position.x - 1e-5)
      #expect(marker.position.x <= button.position.x + 0.01 + 1e-5)
      #expect(abs(marker.position.y) < 1e-5 && abs(marker.position.z + 1) < 1e-4)
    }
  }

  /// Two "fan" buttons cross in the image: A at (0.05, 0, -0.5) on a small near panel
  /// (x in [0, 0.1], z = -0.5), B at (-0.05, 0, -1) on the far wall. The camera walks along x from
  /// -0.2 to 0.45 m at 0.2 m/s; the images of A and B coincide at camera x = 0.15
  /// ((0.05 - c) / 0.5 = (-0.05 - c) / 1), and for camera x in [0.05, 0.25] the ray towards B
  /// meets the near panel first (at x = 0.5 c - 0.025), so B's detection is placed on the panel,
  /// next to A. The misplaced points start tentative markers of their own (ids from 3 on) and,
  /// when they come within A's gate, may be assigned to A while A's exact point goes to such a
  /// marker (the assignment first maximizes the pairs): A moves, but only towards points within
  /// its gate, at most about 14 mm away face on at 0.5 m; we require 1 cm. B's marker, 0.5 m from
  /// the misplaced points (beyond the 6 cm gate limit and the 15 cm re-anchoring search), is
  /// missed for 1 s of its 1.5 s and only ever gets its own exact point: both identities survive
  /// and B's marker never moves.
  @Test func identitySurvivesTwoSameLabelButtonsCrossingInTheImage() {
    let a = SIMD3<Float>(0.05, 0, -0.5)
    let b = SIMD3<Float>(-0.05, 0, -1)
    var tracker = F.tracker()
    var bWasMisplaced = false
    for i in 0..<98 {
      let t = Double(i) / 30
      let c = Float(-0.2 + 0.2 * t)
      let view = F.view(at: SIMD3(c, 0, 0))
      var measured: [MarkerMeasurement] = []
      if F.sees(view, a) { measured.append(F.wallMeasurement("fan", a)) }
      if F.sees(view, b) {
        // Towards B: the near panel first when the ray crosses z = -0.5 inside it.
        let onPanel = c + (b.x - c) * 0.5
        if (0...0.1).contains(onPanel) {
          measured.append(F.wallMeasurement("fan", SIMD3(onPanel, 0, -0.5)))
          bWasMisplaced = true
        } else {
          measured.append(F.wallMeasurement("fan", b))
        }
      }
      tracker.update(measurements: measured, timestampSeconds: t, view: view)
      let ids = tracker.markers.map(\.id)
      if t >= 0.2 {
        #expect(ids.prefix(2) == [1, 2], "t = \(t)")
        #expect((tracker.markers.first?.position.distance(to: a) ?? 1) < 0.01)
        #expect(tracker.markers.dropFirst().first?.position == b)
      }
    }
    #expect(bWasMisplaced)
    #expect(tracker.shownMarkers.filter { $0.id <= 2 }.map(\.id) == [1, 2])
  }
}
