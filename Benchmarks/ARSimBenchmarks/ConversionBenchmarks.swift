import ARSimulation
import Foundation
import SpatialMath

/// Throughput of the coordinate conversions and the camera projection: the per-box
/// Vision -> viewport -> world ray chain, and world -> image pixel / viewport projection.
enum ConversionBenchmarks {
  struct Result: Encodable {
    let name: String
    let count: Int
    let timing: BenchmarkHarness.Timing
    let perSecond: Double
  }

  static func run(arguments: [String]) {
    let repetitions = Int(arguments.first ?? "") ?? 15
    let camera = try! Camera(
      worldFromCamera: RigidTransform(
        rotation: Quaternion(angle: .degrees(20), axis: SIMD3(1, 0.3, 0)),
        translation: SIMD3(0.1, 1.3, 0.2)),
      intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    let request = try! VisionRequestSettings(
      orientation: .right, cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416))
    let viewport = try! Viewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait)

    // Inputs are generated outside the timed region with a fixed linear congruential sequence.
    var state: UInt64 = 12345
    func unit() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    let boxCount = 20_000
    let boxes = (0..<boxCount).map { _ in
      Rect(
        x: unit() * 0.9, y: unit() * 0.9, width: 0.05 + unit() * 0.05, height: 0.05 + unit() * 0.05)
    }
    let pointCount = 200_000
    let points = (0..<pointCount).map { _ in
      camera.worldFromCamera.transformPoint(
        SIMD3(Float(unit() - 0.5), Float(unit() - 0.5), -Float(0.3 + unit() * 3)))
    }

    var results: [Result] = []
    let traceTiming = BenchmarkHarness.time(repetitions: repetitions) {
      var sum = 0.0
      for box in boxes {
        let trace = try! VisionBoxTrace(
          visionBox: box, request: request, camera: camera, viewport: viewport)
        sum += trace.center.viewportPoints.x + Double(trace.ray?.direction.x ?? 0)
      }
      return sum
    }
    results.append(
      result("visionBoxTrace (box -> every space -> world ray)", boxCount, traceTiming))

    let geometry = try! VisionGeometry(settings: request, imageResolution: camera.imageResolution)
    let display = camera.displayTransform(for: viewport)
    let chainTiming = BenchmarkHarness.time(repetitions: repetitions) {
      var sum = 0.0
      for box in boxes {
        let image = geometry.imageNormalizedPoint(forVisionPoint: box.center)
        let ray = camera.ray(throughImageNormalized: image)!
        sum += image.applying(display).x + Double(ray.direction.y)
      }
      return sum
    }
    results.append(
      result("prepared geometry: box centre -> viewport + world ray", boxCount, chainTiming))

    let projectTiming = BenchmarkHarness.time(repetitions: repetitions) {
      var sum = 0.0
      for p in points { sum += camera.projectToImagePixels(p)?.x ?? 0 }
      return sum
    }
    results.append(result("projectToImagePixels", pointCount, projectTiming))

    let viewportTiming = BenchmarkHarness.time(repetitions: repetitions) {
      var sum = 0.0
      for p in points {
        sum += camera.projectPoint(p, orientation: .portrait, viewportSize: viewport.size)?.y ?? 0
      }
      return sum
    }
    results.append(result("projectPoint(_:orientation:viewportSize:)", pointCount, viewportTiming))

    struct Output: Encodable {
      let suite: String
      let results: [Result]
    }
    BenchmarkHarness.printJSON(Output(suite: "conversions", results: results))
  }

  private static func result(
    _ name: String, _ count: Int, _ timing: BenchmarkHarness.Timing
  ) -> Result {
    Result(
      name: name, count: count, timing: timing, perSecond: Double(count) / timing.medianSeconds)
  }
}
