import ARSimulation
import Foundation
import SpatialMath

/// The raycast benchmark (the workload of `RaycastWorkload`): full frame 1920x1440 against K seeded
/// rectangles, and a sparse batch of random image points, for each engine and 1 or 2 threads.
/// Timed: ray generation + intersection + storing results (into reused buffers). Scene packing is
/// timed separately. Every timed configuration's output is compared with the Swift reference.
enum RaycastBenchmarks {
  struct Options {
    var repetitions = 7
    var seed: UInt64 = 2024
    var exportDirectory: String?
    var planeCounts = [1, 8, 64, 512]
    var sparseCount = 10_000
    /// Tuning only: skip the Swift reference (no timing, no checks; `matchesReference` is null).
    var checksReference = true
  }

  struct Measurement: Codable {
    var workload: String
    var planes: Int
    var engine: String
    var instructionSet: String
    var threads: Int
    var tileCulling: Bool
    var rays: Int
    var medianSeconds: Double
    var mraysPerSecond: Double
    var repetitions: Int
    var matchesReference: Bool?
  }

  struct Report: Codable {
    var benchmark = "raycast"
    var seed: UInt64
    var image: [Int]
    var sparseRays: Int
    var setupMedianMicroseconds: [String: Double]
    var checksums: [String: String]
    var measurements: [Measurement]
  }

  static func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var i = 0
    while i < arguments.count {
      let arg = arguments[i]
      let value = i + 1 < arguments.count ? arguments[i + 1] : nil
      switch arg {
      case "--repetitions":
        guard let v = value.flatMap(Int.init), v > 0 else { return nil }
        options.repetitions = v
        i += 1
      case "--seed":
        guard let v = value.flatMap({ UInt64($0) }) else { return nil }
        options.seed = v
        i += 1
      case "--export":
        guard let v = value else { return nil }
        options.exportDirectory = v
        i += 1
      case "--planes":
        guard let v = value else { return nil }
        let counts = v.split(separator: ",").compactMap { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 >= 0 }) else { return nil }
        options.planeCounts = counts
        i += 1
      case "--quick":
        options.repetitions = 3
        options.planeCounts = [8, 64]
      case "--no-reference": options.checksReference = false
      default: return nil
      }
      i += 1
    }
    return options
  }

  static func run(arguments: [String]) {
    if arguments.contains("--help") {
      print(
        "usage: ARSimBenchmarks raycast [--repetitions N] [--seed S] [--planes 1,8,64,512] "
          + "[--export DIR] [--quick] [--no-reference]")
      return
    }
    guard let options = parse(arguments) else {
      FileHandle.standardError.write(Data("raycast: bad arguments \(arguments)\n".utf8))
      exit(64)
    }
    var measurements: [Measurement] = []
    var setup: [String: Double] = [:]
    var checksums: [String: String] = [:]
    let grid = RaycastWorkload.camera
    let sparse = RaycastWorkload.sparseRays(count: options.sparseCount, seed: options.seed &+ 1)
    var buffer = BatchRaycastResult()
    for k in options.planeCounts {
      let planes = RaycastWorkload.rectangles(count: k, seed: options.seed)
      setup["K=\(k)"] =
        median(
          (0..<options.repetitions).map { _ in
            time { _ = BatchRaycastScene(planes: planes) }
          }) * 1e6
      let scene = BatchRaycastScene(planes: planes)
      if let dir = options.exportDirectory {
        export(planes: planes, sparse: sparse, to: "\(dir)/raycast-K\(k).txt")
      }
      // Reference once (it is slow): timed with one repetition, and the truth for the checks.
      let reference =
        options.checksReference
        ? scene.intersect(grid, engine: .reference, threadCount: 2)
        : scene.intersect(grid, engine: .simd, threadCount: 2)
      checksums["frame K=\(k)"] = checksum(reference)
      let frameConfigs: [(BatchRaycastEngine, Int, Bool)] = [
        (.simd, 1, true), (.simd, 2, true), (.avx512, 1, true), (.avx2, 1, true),
        (.baseline, 1, true),
        (.baseline, 2, true),
        (.simd, 1, false),
      ]
      for (engine, threads, culling) in frameConfigs {
        let seconds = median(
          (0..<options.repetitions).map { _ in
            time {
              scene.intersect(
                grid, engine: engine, threadCount: threads, usesTileCulling: culling,
                into: &buffer)
            }
          })
        measurements.append(
          Measurement(
            workload: "frame", planes: k, engine: engine.rawValue,
            instructionSet: engine.instructionSetName, threads: threads, tileCulling: culling,
            rays: grid.count, medianSeconds: seconds,
            mraysPerSecond: Double(grid.count) / seconds / 1e6,
            repetitions: options.repetitions,
            matchesReference: options.checksReference ? buffer == reference : nil))
      }
      if options.checksReference {
        let refSeconds = time { buffer = scene.intersect(grid, engine: .reference, threadCount: 1) }
        measurements.append(
          Measurement(
            workload: "frame", planes: k, engine: "reference", instructionSet: "swift", threads: 1,
            tileCulling: false, rays: grid.count, medianSeconds: refSeconds,
            mraysPerSecond: Double(grid.count) / refSeconds / 1e6, repetitions: 1,
            matchesReference: buffer == reference))
      }

      let sparseReference = scene.intersect(
        sparse, engine: options.checksReference ? .reference : .simd)
      checksums["sparse K=\(k)"] = checksum(sparseReference)
      let sparseEngines: [(BatchRaycastEngine, Int)] =
        [(.simd, 1), (.simd, 2), (.baseline, 1)]
        + (options.checksReference ? [(.reference, 1)] : [])
      for (engine, threads) in sparseEngines {
        let seconds = median(
          (0..<options.repetitions).map { _ in
            time { scene.intersect(sparse, engine: engine, threadCount: threads, into: &buffer) }
          })
        measurements.append(
          Measurement(
            workload: "sparse", planes: k, engine: engine.rawValue,
            instructionSet: engine.instructionSetName, threads: threads, tileCulling: false,
            rays: sparse.count, medianSeconds: seconds,
            mraysPerSecond: Double(sparse.count) / seconds / 1e6, repetitions: options.repetitions,
            matchesReference: options.checksReference ? buffer == sparseReference : nil))
      }
    }
    let report = Report(
      seed: options.seed, image: [RaycastWorkload.imageWidth, RaycastWorkload.imageHeight],
      sparseRays: options.sparseCount, setupMedianMicroseconds: setup, checksums: checksums,
      measurements: measurements)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    print(String(decoding: try! encoder.encode(report), as: UTF8.self))
    if measurements.contains(where: { $0.matchesReference == false }) { exit(1) }
  }

  static func time(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }

  static func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }

  /// Hits, the sum of hit plane indices and the sum of hit distances (in order), as text.
  static func checksum(_ r: BatchRaycastResult) -> String {
    var hits = 0
    var indexSum = 0
    var tSum = 0.0
    for i in 0..<r.count where r.planeIndex[i] >= 0 {
      hits += 1
      indexSum += Int(r.planeIndex[i])
      tSum += Double(r.t[i])
    }
    return "hits=\(hits) indexSum=\(indexSum) tSum=\(String(format: "%.6f", tSum))"
  }

  /// Writes the scene (4 world corners per rectangle) and the sparse rays as text for the peer.
  /// Floats print in Swift's shortest round-trip form, so the peer reads the identical values.
  static func export(planes: [BatchPlane], sparse: BatchRaySoA, to path: String) {
    var text =
      "camera \(RaycastWorkload.imageWidth) \(RaycastWorkload.imageHeight) "
      + "\(RaycastWorkload.focalLength) \(RaycastWorkload.focalLength) "
      + "\(RaycastWorkload.principalPoint.x) \(RaycastWorkload.principalPoint.y)\n"
    text += "rectangles \(planes.count)\n"
    for plane in planes {
      text +=
        RaycastWorkload.corners(of: plane).map { "\($0.x) \($0.y) \($0.z)" }
        .joined(separator: " ") + "\n"
    }
    text += "rays \(sparse.count)\n"
    for i in 0..<sparse.count {
      text +=
        "\(sparse.originX[i]) \(sparse.originY[i]) \(sparse.originZ[i]) "
        + "\(sparse.directionX[i]) \(sparse.directionY[i]) \(sparse.directionZ[i])\n"
    }
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      FileHandle.standardError.write(Data("raycast: cannot write \(path): \(error)\n".utf8))
      exit(1)
    }
  }
}
