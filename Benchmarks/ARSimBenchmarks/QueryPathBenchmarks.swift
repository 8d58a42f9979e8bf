import ARSimulation
import Foundation
import SpatialMath

/// The whole viewport-query path an app runs per detection — `raycastQuery(from:)` on a viewport
/// point, then `raycast` against the frame's plane anchors (existingPlaneGeometry, any
/// alignment) — in queries per second, beside the same points batched through the SIMD kernels
/// (`ViewportFrame.batchRays(throughViewportPoints:)`, then the shared-origin kernel). The scene is the raycast workload's
/// rectangles as plane anchors; 10,000 random viewport points on a 390x844 portrait view.
enum QueryPathBenchmarks {
  struct Result: Encodable {
    let planes: Int
    let queries: Int
    let perQuery: BenchmarkHarness.Timing
    let batched: BenchmarkHarness.Timing
    let perQueryPerSecond: Double
    let batchedPerSecond: Double
    let batchedOverPerQuery: Double
    /// Queries whose nearest anchor differs between the two paths (must be 0).
    let disagreements: Int
  }

  static func run(arguments: [String]) {
    let repetitions = Int(arguments.first ?? "") ?? 7
    let camera = try! Camera(
      transform: .identity,
      intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    let viewport = try! Viewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
    var rng = SplitMix64(seed: 7)
    let points = (0..<10_000).map { _ in
      Point(x: rng.uniform(0...390), y: rng.uniform(0...844))
    }
    var results: [Result] = []
    for k in [1, 8, 64, 512] {
      let anchors = RaycastWorkload.rectangles(count: k, seed: 2024).enumerated().map { i, plane in
        anchor(plane, identifier: String(format: "P%04d", i))
      }
      let frame = ViewportFrame(
        camera: camera, viewport: viewport, world: FrameWorld(planeAnchors: anchors))
      let raycaster = Raycaster()
      var perQueryNearest: [String?] = []
      let perQuery = BenchmarkHarness.time(repetitions: repetitions) {
        var sum = 0.0
        perQueryNearest.removeAll(keepingCapacity: true)
        for p in points {
          guard
            let query = frame.raycastQuery(
              fromViewportPoint: p, allowing: .existingPlaneGeometry, alignment: .any)
          else { continue }
          let hit = raycaster.raycast(query, in: frame.world).first
          perQueryNearest.append(hit?.anchorIdentifier)
          sum += Double(hit?.distance ?? 0)
        }
        return sum
      }
      let scene = BatchRaycastScene(planes: anchors.map { try! BatchPlane($0, region: .boundary) })
      var batchResult = BatchRaycastResult()
      let batched = BenchmarkHarness.time(repetitions: repetitions) {
        scene.intersect(frame.batchRays(throughViewportPoints: points), into: &batchResult)
        return batchResult.t.reduce(0) { $0 + ($1.isFinite ? Double($1) : 0) }
      }
      let disagreements = zip(perQueryNearest, batchResult.planeIndex).filter { id, index in
        id != (index >= 0 ? anchors[Int(index)].identifier : nil)
      }.count
      results.append(
        Result(
          planes: k, queries: points.count, perQuery: perQuery, batched: batched,
          perQueryPerSecond: Double(points.count) / perQuery.medianSeconds,
          batchedPerSecond: Double(points.count) / batched.medianSeconds,
          batchedOverPerQuery: perQuery.medianSeconds / batched.medianSeconds,
          disagreements: disagreements))
    }
    struct Output: Encodable {
      let suite: String
      let results: [Result]
    }
    BenchmarkHarness.printJSON(Output(suite: "query", results: results))
  }

  /// The plane anchor of a workload rectangle (boundary = the rectangle).
  static func anchor(_ plane: BatchPlane, identifier: String) -> PlaneAnchor {
    guard case .rectangle(_, let half, _) = plane.shape else {
      fatalError("workload planes are rectangles")
    }
    return try! PlaneAnchor(
      identifier: identifier, transform: plane.worldFromPlane.matrix,
      extent: try! PlaneExtent(width: 2 * half.x, height: 2 * half.y),
      boundary: try! PlaneBoundary(rectangleHalfWidth: half.x, halfHeight: half.y),
      alignment: .vertical
    )
  }
}
