import ARSimulation
import Placement
import SpatialMath

/// Hand-checkable views for tracker tests: a 1920x1440 pinhole camera with fx = fy = 1000 px and
/// the principal point at the image centre, placed and turned about world +y (yaw; the camera
/// looks along its -z, so yaw 0 looks along world -z and yaw 90° along world -x).
enum TrackerViewFixtures {
  static let intrinsics = try! CameraIntrinsics(fx: 1000, fy: 1000, ox: 959.5, oy: 719.5)
  static let resolution = Size(width: 1920, height: 1440)

  static func camera(at position: SIMD3<Float> = .zero, yawDegrees: Double = 0) -> Camera {
    let rotation = Quaternion(angle: .degrees(yawDegrees), axis: SIMD3(0, 1, 0))
    return try! Camera(
      worldFromCamera: RigidTransform(rotation: rotation, translation: position),
      intrinsics: intrinsics, imageResolution: resolution)
  }

  static func view(at position: SIMD3<Float> = .zero, yawDegrees: Double = 0) -> DetectorView {
    DetectorView(camera: camera(at: position, yawDegrees: yawDegrees))
  }

  /// A measurement of a button on a wall facing +z (normal (0, 0, 1)), placed on a plane anchor.
  static func wallMeasurement(_ label: String, _ position: SIMD3<Float>) -> MarkerMeasurement {
    MarkerMeasurement(
      label: label, position: position, surfaceNormal: SIMD3(0, 0, 1),
      target: .existingPlaneGeometry)
  }

  /// Whether `view` sees `point` with the tracker's default 5 % margin (what a detector would
  /// report in these tests).
  static func sees(_ view: DetectorView, _ point: SIMD3<Float>) -> Bool {
    guard let pixel = view.camera.projectToImagePixels(point) else { return false }
    let x = pixel.x / resolution.width
    let y = pixel.y / resolution.height
    return x >= 0.05 && x <= 0.95 && y >= 0.05 && y <= 0.95
  }

  /// A tracker with the constant-position Kalman filter (3 mm, no process noise to speak of),
  /// whose update is a convex combination of the estimate and the measurement.
  static func tracker(
    _ configure: (inout MarkerTrackerConfiguration) -> Void = { _ in }
  ) -> MarkerTracker<ConstantPositionKalmanFilter> {
    var configuration = MarkerTrackerConfiguration()
    configure(&configuration)
    let filter = try! ConstantPositionKalmanFilter(
      processNoiseDensity: 1e-7, measurementStdMeters: 0.003)
    return try! MarkerTracker(configuration: configuration, filterPrototype: filter)
  }
}
