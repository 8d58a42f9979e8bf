import SpatialMath

@testable import ARSimulation

/// Cameras and planes shared by the flow and tracker tests.
enum FlowFixtures {
  /// 1280x720 pixels, fx = fy = 1000, principal point at the image centre.
  static let intrinsics = try! CameraIntrinsics(fx: 1000, fy: 1000, ox: 640, oy: 360)
  static let resolution = Size(width: 1280, height: 720)

  /// A camera at `position` with rotation `rotation` (worldFromCamera).
  static func camera(
    _ position: SIMD3<Float> = .zero, rotation: Quaternion = .identity
  ) -> Camera {
    try! Camera(
      worldFromCamera: RigidTransform(rotation: rotation, translation: position),
      intrinsics: intrinsics, imageResolution: resolution)
  }

  /// A camera at `position` looking at `target`, world +y up (ARKit camera axes: -z forward).
  static func camera(at position: SIMD3<Float>, lookingAt target: SIMD3<Float>) -> Camera {
    let back = (position - target).normalized()!
    let right = SIMD3<Float>(0, 1, 0).cross(back).normalized()!
    let up = back.cross(right)
    let rotation = try! Quaternion(rotationMatrix: Matrix3x3(right, up, back))
    return camera(position, rotation: rotation)
  }

  /// The wall z = -2 facing the camera (+z normal), 20 m square (plane-local +y is world +z).
  static let wall = try! TruthSurface(
    identifier: "wall",
    worldFromSurface: RigidTransform(
      rotation: Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0)), translation: SIMD3(0, 0, -2)),
    shape: .rectangle(width: 20, height: 20))

  /// The plane of `wall`.
  static let wallPlane = try! Plane(point: SIMD3(0, 0, -2), normal: SIMD3(0, 0, 1))

  /// A tilted dashboard-like rectangle: 1.2 x 0.8 m, centre (0.1, 0.9, -0.7), normal tilted 35°
  /// from +y towards +z, and its plane.
  static let dashboardPose = RigidTransform(
    rotation: Quaternion(angle: .degrees(35), axis: SIMD3(1, 0, 0)),
    translation: SIMD3(0.1, 0.9, -0.7))
  static let dashboard = try! TruthSurface(
    identifier: "dash", worldFromSurface: dashboardPose, shape: .rectangle(width: 1.2, height: 0.8))
  static var dashboardPlane: Plane {
    try! Plane(
      point: dashboardPose.translation, normal: dashboardPose.transformDirection(SIMD3(0, 1, 0)))
  }
}

/// The homography through four point correspondences (direct linear transform with h22 = 1),
/// solved by Gaussian elimination with partial pivoting: an independent derivation of the map
/// between two views of a plane from nothing but projected points.
func homographyFromFourPoints(_ source: [Point], _ target: [Point]) -> Homography? {
  precondition(source.count == 4 && target.count == 4)
  // Unknowns h = (h00 h01 h02 h10 h11 h12 h20 h21); for each pair:
  //   x' (h20 x + h21 y + 1) = h00 x + h01 y + h02
  //   y' (h20 x + h21 y + 1) = h10 x + h11 y + h12
  var a: [[Double]] = []
  for (p, q) in zip(source, target) {
    a.append([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y, q.x])
    a.append([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y, q.y])
  }
  let n = 8
  for column in 0..<n {
    let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
    guard abs(a[pivot][column]) > 1e-12 else { return nil }
    a.swapAt(column, pivot)
    for row in 0..<n where row != column {
      let factor = a[row][column] / a[column][column]
      for k in column...n { a[row][k] -= factor * a[column][k] }
    }
  }
  let h = (0..<n).map { a[$0][n] / a[$0][$0] }
  return Homography(rows: SIMD3(h[0], h[1], h[2]), SIMD3(h[3], h[4], h[5]), SIMD3(h[6], h[7], 1))
}
