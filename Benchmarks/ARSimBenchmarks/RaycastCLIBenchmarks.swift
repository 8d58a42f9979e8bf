import ARSimulation
import Foundation
import SceneFormat
import SpatialMath

/// `ARSimBenchmarks raycast-cli [--arsim PATH] [--embree PATH] [--rounds N] [--repeat R]
/// [--planes 1,8,64,512] [--threads 1,2] [--seed S] [--work DIR]`
///
/// The `raycast` suite's workload measured as users meet it: the `arsim raycast` process on
/// a full 1920x1440 frame against K seeded rectangles written as plane anchors (4-vertex boundary
/// polygons in alternating winding, and the same rectangles as extents), with `--repeat R --json`.
/// Per configuration it reports the medians over rounds of the cold first call
/// (`firstRunSeconds`), of the warm median (`medianSeconds`) and their ratio. With `--embree` (a
/// built `Benchmarks/peers/embree_peer.c`) the peer runs on the identical rectangles right after
/// the Swift runs of the same round, and each ratio against its coherent `rtcIntersect8` (warm
/// median vs warm median) is taken within the round; the median over rounds is reported. The load
/// average is printed at the start and the end.
enum RaycastCLIBenchmarks {
  struct Options {
    var arsim = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("arsim").path
    var embree: String?
    var rounds = 5
    var repeats = 21
    var planeCounts = [1, 8, 64, 512]
    var threadCounts = [1, 2]
    var seed: UInt64 = 2024
    var work = FileManager.default.temporaryDirectory.appendingPathComponent("arsim-raycast-cli")
      .path
  }

  /// One `arsim raycast` configuration's medians over rounds.
  struct Row: Encodable {
    var planes: Int
    var target: String
    var threads: Int
    var rays: Int
    var hits: Int
    var firstRunMedianSeconds: Double
    var warmMedianSeconds: Double
    var firstOverWarm: Double
    /// Median over rounds of `resultSetupSeconds`: making the result buffers before the runs.
    var resultSetupMedianSeconds: Double
    /// (setup + first run) over the warm median: the first call of a program that makes its
    /// result buffers in that call.
    var setupAndFirstOverWarm: Double
    var warmMraysPerSecond: Double
    /// Warm Mrays/s over Embree's coherent rtcIntersect8 (1 thread), median of per-round ratios.
    var overEmbreeCoherent8: Double?
    /// Warm median of 1 thread over this configuration's (same target), median of per-round
    /// ratios; only for threads > 1.
    var speedUpOverOneThread: Double?
  }

  struct EmbreeRow: Encodable {
    var planes: Int
    var coherent8MraysPerSecond: Double
    var default8MraysPerSecond: Double
    var hits: Int
  }

  struct Report: Encodable {
    var benchmark = "raycast-cli"
    var arsim: String
    var rounds: Int
    var repeats: Int
    var seed: UInt64
    var loadAverageStart: [Double]
    var loadAverageEnd: [Double]
    var rows: [Row]
    var embree: [EmbreeRow]
  }

  static func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var i = 0
    func list(_ text: String) -> [Int]? {
      let values = text.split(separator: ",").compactMap { Int($0) }
      return values.isEmpty || values.contains { $0 < 1 } ? nil : values
    }
    while i < arguments.count {
      guard i + 1 < arguments.count else { return nil }
      let value = arguments[i + 1]
      switch arguments[i] {
      case "--arsim": options.arsim = value
      case "--embree": options.embree = value
      case "--work": options.work = value
      case "--rounds":
        guard let v = Int(value), v > 0 else { return nil }
        options.rounds = v
      case "--repeat":
        guard let v = Int(value), v > 0 else { return nil }
        options.repeats = v
      case "--seed":
        guard let v = UInt64(value) else { return nil }
        options.seed = v
      case "--planes":
        guard let v = list(value) else { return nil }
        options.planeCounts = v
      case "--threads":
        guard let v = list(value) else { return nil }
        options.threadCounts = v
      default: return nil
      }
      i += 2
    }
    return options
  }

  static func run(arguments: [String]) {
    guard let options = parse(arguments) else {
      fail(
        "usage: ARSimBenchmarks raycast-cli [--arsim PATH] [--embree PATH] [--rounds N] "
          + "[--repeat R] [--planes 1,8,64,512] [--threads 1,2] [--seed S] [--work DIR]", code: 64)
    }
    try? FileManager.default.createDirectory(
      atPath: options.work, withIntermediateDirectories: true)
    let sparse = RaycastWorkload.sparseRays(count: 1000, seed: options.seed &+ 1)
    let start = loadAverage()
    var rows: [Row] = []
    var embreeRows: [EmbreeRow] = []
    for k in options.planeCounts {
      let planes = RaycastWorkload.rectangles(count: k, seed: options.seed)
      let planesPath = "\(options.work)/planes-K\(k).json"
      writePlaneAnchors(planes, to: planesPath)
      let embreeScene = "\(options.work)/raycast-K\(k).txt"
      if options.embree != nil {
        RaycastBenchmarks.export(planes: planes, sparse: sparse, to: embreeScene)
      }
      struct Key: Hashable {
        var target: String
        var threads: Int
      }
      var samples: [Key: [[String: Any]]] = [:]
      var embree: [[String: Any]] = []
      for _ in 0..<options.rounds {
        for target in ["existingPlaneGeometry", "existingPlaneUsingExtent"] {
          for threads in options.threadCounts {
            samples[Key(target: target, threads: threads), default: []].append(
              runJSON(
                options.arsim,
                [
                  "raycast", "--planes", planesPath, "--full-frame", "1920x1440", "--intrinsics",
                  "1445,1445,959.5,719.5", "--target", target, "--threads", "\(threads)",
                  "--repeat", "\(options.repeats)", "--json",
                ]))
          }
        }
        if let peer = options.embree {
          embree.append(runJSON(peer, [embreeScene, "\(options.repeats)"]))
        }
      }
      func number(_ object: [String: Any], _ key: String) -> Double {
        (object[key] as? NSNumber)?.doubleValue ?? .nan
      }
      let coherent = embree.map {
        number($0["frameCoherent8"] as? [String: Any] ?? [:], "mraysPerSecond")
      }
      if !embree.isEmpty {
        embreeRows.append(
          EmbreeRow(
            planes: k, coherent8MraysPerSecond: median(coherent),
            default8MraysPerSecond: median(
              embree.map {
                number($0["frameDefault8"] as? [String: Any] ?? [:], "mraysPerSecond")
              }),
            hits: Int(number(embree[0]["frameCoherent8"] as? [String: Any] ?? [:], "hits"))))
      }
      for (key, runs) in samples.sorted(by: {
        ($0.key.target, $0.key.threads) < ($1.key.target, $1.key.threads)
      }) {
        let rays = Int(number(runs[0], "rays"))
        let warm = runs.map { number($0, "medianSeconds") }
        let first = runs.map { number($0, "firstRunSeconds") }
        let setup = runs.map { number($0, "resultSetupSeconds") }
        let mrays = warm.map { Double(rays) / $0 / 1e6 }
        var speedUp: Double?
        if key.threads > 1, let one = samples[Key(target: key.target, threads: 1)] {
          speedUp = median(
            zip(one, runs).map { number($0.0, "medianSeconds") / number($0.1, "medianSeconds") })
        }
        rows.append(
          Row(
            planes: k, target: key.target, threads: key.threads, rays: rays,
            hits: Int(number(runs[0], "hits")), firstRunMedianSeconds: median(first),
            warmMedianSeconds: median(warm),
            firstOverWarm: median(zip(first, warm).map { $0 / $1 }),
            resultSetupMedianSeconds: median(setup),
            setupAndFirstOverWarm: median(zip(zip(setup, first), warm).map { ($0.0 + $0.1) / $1 }),
            warmMraysPerSecond: median(mrays),
            overEmbreeCoherent8: coherent.isEmpty || key.threads != 1
              ? nil : median(zip(mrays, coherent).map { $0 / $1 }),
            speedUpOverOneThread: speedUp))
      }
    }
    BenchmarkHarness.printJSON(
      Report(
        arsim: options.arsim, rounds: options.rounds, repeats: options.repeats,
        seed: options.seed, loadAverageStart: start, loadAverageEnd: loadAverage(), rows: rows,
        embree: embreeRows))
  }

  /// The rectangles as the recording format's plane anchors: the pose as the anchor transform,
  /// the extent centred at the origin, and the 4 corners as the boundary (clockwise for odd
  /// planes, counter-clockwise for even ones, as ARKit's winding is not promised).
  static func writePlaneAnchors(_ planes: [BatchPlane], to path: String) {
    var objects: [JSONValue] = []
    for (index, plane) in planes.enumerated() {
      guard case .rectangle(_, let half, _) = plane.shape else { continue }
      var corners: [SIMD2<Float>] = [
        SIMD2(-half.x, -half.y), SIMD2(half.x, -half.y), SIMD2(half.x, half.y),
        SIMD2(-half.x, half.y),
      ]
      if index % 2 == 1 { corners.reverse() }
      let matrix = plane.worldFromPlane.matrix.columnMajor.map { JSONValue.number(Double($0)) }
      objects.append(
        .object([
          "identifier": .string("P\(index)"),
          "transform": .array(matrix),
          "center": .array([.number(0), .number(0), .number(0)]),
          "extent": .object([
            "width": .number(Double(2 * half.x)), "height": .number(Double(2 * half.y)),
            "rotationOnYAxis": .number(0),
          ]),
          "boundary": .array(
            corners.map { .array([.number(Double($0.x)), .number(0), .number(Double($0.y))]) }),
          "alignment": .string(index % 4 == 1 ? "horizontal" : "vertical"),
          "classification": .string("none"),
        ]))
    }
    do {
      let bytes = try JSONWriter.bytes(of: .object(["planes": .array(objects)]))
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
      fail("raycast-cli: cannot write \(path): \(error)")
    }
  }

  /// Runs `executable` with `arguments` and parses its standard output as one JSON object.
  static func runJSON(_ executable: String, _ arguments: [String]) -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      fail("raycast-cli: cannot run \(executable): \(error)")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      fail("raycast-cli: \(executable) \(arguments.joined(separator: " ")) failed")
    }
    return object
  }

  static func loadAverage() -> [Double] {
    var values = [Double](repeating: 0, count: 3)
    _ = getloadavg(&values, 3)
    return values.map { ($0 * 100).rounded() / 100 }
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
  }
}
