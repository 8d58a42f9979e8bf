import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import ARSimulation

/// The real ARKit recording (iPhone XS, 14,644 accumulated feature points and 2,762 camera poses),
/// found through `RealData` (missing data fails the test unless ARSIM_ALLOW_MISSING_REAL_DATA=1).
enum RealRecording {

  /// Rows of whitespace-separated numbers, skipping `#` header lines.
  static func rows(_ file: String) throws -> [[Float]] {
    let url = try RealData.requireDirectory().appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      if line.hasPrefix("#") { return nil }
      let numbers = line.split(separator: " ").compactMap { Float($0) }
      return numbers.isEmpty ? nil : numbers
    }
  }

  /// The world points (x y z of `x y z Y Cb Cr`).
  static func points() throws -> [SIMD3<Float>] {
    try rows("ARKit_point_cloud.txt").map { SIMD3($0[0], $0[1], $0[2]) }
  }

  /// Camera positions and forward (-z) axes from `timestamp r11 r12 r13 tx r21 r22 r23 ty r31 r32
  /// r33 tz` (row-major top 3 rows of worldFromCamera); every `stride`-th pose.
  static func cameras(stride: Int) throws -> [(position: SIMD3<Float>, forward: SIMD3<Float>)] {
    let all = try rows("ARKit_camera_pose.txt")
    return Swift.stride(from: 0, to: all.count, by: stride).map { i in
      let r = all[i]
      // Column 2 of the rotation is (r13, r23, r33); the camera looks along its negative.
      return (SIMD3(r[4], r[8], r[12]), -SIMD3(r[3], r[7], r[11]))
    }
  }
}

@Suite struct RealPointCloudTests {
  @Test(.enabled(if: RealData.testsRun, "real data missing and ARSIM_ALLOW_MISSING_REAL_DATA=1"))
  func raysAtDenseRegionsHitNearThePointsAndRaysIntoEmptySpaceMiss() throws {
    let points = try RealRecording.points()
    #expect(points.count == 14_644)
    let cameras = try RealRecording.cameras(stride: 10)
    let world = FrameWorld(featurePoints: try FeaturePointCloud(points: points))
    let raycaster = Raycaster(options: RaycastOptions(seed: 42))

    // Dense targets: every 61st point with at least 40 neighbours within 5 cm.
    var targets: [SIMD3<Float>] = []
    for i in stride(from: 0, to: points.count, by: 61) {
      let p = points[i]
      var neighbours = 0
      for q in points where (q - p).lengthSquared <= 0.05 * 0.05 { neighbours += 1 }
      if neighbours >= 40 { targets.append(p) }
    }
    #expect(targets.count >= 20)

    var hits = 0
    var aimed = 0
    var targetErrors: [Float] = []
    var nearestPointErrors: [Float] = []
    for p in targets {
      // The nearest recorded camera (at least 0.3 m away) that sees p within 25° of its axis.
      let viewers = cameras.filter { c in
        let v = p - c.position
        return v.length >= 0.3 && v.normalized()!.dot(c.forward) >= Float(cos(25 * Double.pi / 180))
      }
      guard
        let camera = viewers.min(by: { $0.position.distance(to: p) < $1.position.distance(to: p) })
      else { continue }
      aimed += 1
      let query = RaycastQuery(
        origin: camera.position, direction: p - camera.position, allowing: .estimatedPlane,
        alignment: .any)
      guard let hit = raycaster.raycast(query, in: world).first else { continue }
      hits += 1
      targetErrors.append(hit.worldPosition.distance(to: p))
      nearestPointErrors.append(points.map { $0.distance(to: hit.worldPosition) }.min()!)
    }
    let sortedTarget = targetErrors.sorted()
    let sortedNearest = nearestPointErrors.sorted()
    print(
      "real cloud: \(targets.count) dense targets, \(aimed) aimed, \(hits) hit; distance to aimed "
        + "point median \(sortedTarget[sortedTarget.count / 2] * 100) cm, max "
        + "\(sortedTarget.last! * 100) cm; to nearest point median "
        + "\(sortedNearest[sortedNearest.count / 2] * 100) cm, max \(sortedNearest.last! * 100) cm")
    #expect(aimed >= 20)
    #expect(Double(hits) >= 0.8 * Double(aimed))
    // Every hit lies within 3 cm of some feature point; the aimed point itself is one noisy
    // sample of a surface about 1–1.5 cm thick, so the hit is usually within 2 cm of it.
    #expect(sortedNearest.allSatisfy { $0 <= 0.03 })
    #expect(sortedTarget[sortedTarget.count / 2] <= 0.02)
    #expect(sortedTarget[sortedTarget.count * 9 / 10] <= 0.05)

    // Empty space: from each 20th sampled camera, directions of a coarse sphere grid with no
    // feature point within 10° of the ray must give no estimated plane.
    var emptyRays = 0
    for camera in stride(from: 0, to: cameras.count, by: 20).map({ cameras[$0] }) {
      for elevation in stride(from: -60.0, through: 80, by: 35) {
        for azimuth in stride(from: 0.0, to: 360, by: 30) {
          let (e, a) = (elevation * .pi / 180, azimuth * .pi / 180)
          let d = SIMD3<Float>(Float(cos(e) * sin(a)), Float(sin(e)), Float(cos(e) * cos(a)))
          let clear = points.allSatisfy { q in
            guard let u = (q - camera.position).normalized() else { return true }
            return u.dot(d) < Float(cos(10 * Double.pi / 180))
          }
          guard clear else { continue }
          emptyRays += 1
          let query = RaycastQuery(
            origin: camera.position, direction: d, allowing: .estimatedPlane, alignment: .any)
          #expect(raycaster.raycast(query, in: world).isEmpty, "camera \(camera.position) dir \(d)")
        }
      }
    }
    print("real cloud: \(emptyRays) rays into empty space")
    #expect(emptyRays >= 5)
  }
}
