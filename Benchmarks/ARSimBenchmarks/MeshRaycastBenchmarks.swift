import ARSimulation
import Foundation
import SpatialMath

/// `ARSimBenchmarks mesh-raycast [--embree [PATH]] [--rounds N] [--repeat R]
/// [--triangles 10000,100000,1000000] [--quality high|medium] [--seed S] [--work DIR]`
///
/// The batched triangle-mesh raycast against Embree 3 on the same triangles and rays: seeded
/// meshes of two kinds (`dashboard`: a curved cylindrical panel in front of the camera with small
/// bumps; `room`: a closed box room with the camera inside and boxes standing on the floor), at
/// each triangle count, a full 1920x1440 pinhole frame from the origin looking along -z. Per
/// round, in turn: the hierarchy build, the C kernels on 1 and 2 threads, the Swift path (one
/// frame, measured once), and the Embree peer process (`Benchmarks/peers/embree_mesh_peer.c`,
/// compiled into the work directory with `cc` when `--embree` has no path) with coherent
/// `rtcIntersect8` on one thread. Ratios are taken within a round; medians over rounds are
/// reported. Agreement with Embree: a ray agrees when both miss, or both hit and the triangle
/// index is the same or `t` is within 1e-4 relative. A 256x192 depth map from each 100k mesh
/// (raycast and z-depth) is timed on one thread in maps per second.
enum MeshRaycastBenchmarks {
  struct Options {
    var embree: String?
    var useEmbree = false
    var rounds = 3
    var repeats = 5
    var triangleCounts = [10_000, 100_000, 1_000_000]
    var quality = "high"
    var seed: UInt64 = 2024
    var work = FileManager.default.temporaryDirectory.appendingPathComponent("arsim-mesh-raycast")
      .path
  }

  /// An indexed mesh in world metres.
  struct Mesh {
    var kind: String
    var vertices: [SIMD3<Float>] = []
    var indices: [UInt32] = []
    var triangleCount: Int { indices.count / 3 }
  }

  struct Row: Encodable {
    var mesh: String
    var requestedTriangles: Int
    var triangles: Int
    var rays: Int
    var hits: Int
    var buildMedianSeconds: Double
    var kernel1ThreadMedianSeconds: Double
    var kernel1ThreadMraysPerSecond: Double
    var kernel2ThreadsMedianSeconds: Double
    var kernel2ThreadsMraysPerSecond: Double
    /// One thread's median over two threads', median of per-round ratios.
    var twoThreadsOverOne: Double
    var swiftSeconds: Double
    var swiftMraysPerSecond: Double
    var swiftMatchesKernels: Bool
    var twoThreadsMatchOneThread: Bool
    var embree: EmbreeFigures?
  }

  struct EmbreeFigures: Encodable {
    var peer: String
    var buildQuality: String
    var commitSceneMedianSeconds: Double
    var medianSeconds: Double
    var mraysPerSecond: Double
    var hits: Int
    /// Embree's median over the kernels' 1-thread median, median of per-round ratios.
    var kernel1ThreadOverEmbree: Double
    var kernel2ThreadsOverEmbree: Double
    var swiftOverEmbree: Double
    /// Package build over `rtcCommitScene`, median of per-round ratios.
    var buildOverCommitScene: Double
    /// Fraction of rays agreeing (hit/miss, and index or t within 1e-4 relative).
    var agreement: Double
    var hitMissAgreement: Double
    var sameTriangleFraction: Double
    var disagreeingRays: Int
    /// Rays the package hits and Embree misses (in a closed room: rays through Embree's cracks).
    var packageHitEmbreeMiss: Int
    var embreeHitPackageMiss: Int
    /// Of the rays both hit, the fraction whose `t` is within 1e-4 relative of Embree's (whatever
    /// the triangle), and the largest relative difference.
    var tWithin1e4Fraction: Double
    var maxRelativeTDifference: Double
  }

  struct DepthRow: Encodable {
    var mesh: String
    var triangles: Int
    var width = 256
    var height = 192
    /// Raycast and z-depth conversion (`depthMeters(of:grid:)`, a new array per map).
    var mapsPerSecond: Double
    var medianSecondsPerMap: Double
    /// The raycast alone into a reused result.
    var raycastOnlyMapsPerSecond: Double
    /// The Embree peer's coherent rtcIntersect8 on the same 256x192 rays (t and primID stored).
    var embreeMapsPerSecond: Double?
    var hits: Int
  }

  struct Report: Encodable {
    var benchmark = "mesh-raycast"
    var engine: String
    var rounds: Int
    var repeats: Int
    var seed: UInt64
    var loadAverageStart: [Double]
    var loadAverageEnd: [Double]
    var rows: [Row]
    var depthMaps: [DepthRow]
  }

  static let usage =
    "usage: ARSimBenchmarks mesh-raycast [--embree [PATH]] [--rounds N] [--repeat R] "
    + "[--triangles 10000,100000,1000000] [--quality high|medium] [--seed S] [--work DIR]"

  static func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var i = 0
    while i < arguments.count {
      if arguments[i] == "--embree" {
        options.useEmbree = true
        if i + 1 < arguments.count, !arguments[i + 1].hasPrefix("--") {
          options.embree = arguments[i + 1]
          i += 1
        }
        i += 1
        continue
      }
      guard i + 1 < arguments.count else { return nil }
      let value = arguments[i + 1]
      switch arguments[i] {
      case "--work": options.work = value
      case "--quality":
        guard value == "high" || value == "medium" else { return nil }
        options.quality = value
      case "--rounds":
        guard let v = Int(value), v > 0 else { return nil }
        options.rounds = v
      case "--repeat":
        guard let v = Int(value), v > 0 else { return nil }
        options.repeats = v
      case "--seed":
        guard let v = UInt64(value) else { return nil }
        options.seed = v
      case "--triangles":
        let v = value.split(separator: ",").compactMap { Int($0) }
        guard !v.isEmpty, v.allSatisfy({ $0 >= 2 }) else { return nil }
        options.triangleCounts = v
      default: return nil
      }
      i += 2
    }
    return options
  }

  // MARK: Meshes

  /// Appends an `n` x `m` grid of quads (two triangles each) over `point(a, b)`, a, b in 0...1.
  static func addPatch(
    _ mesh: inout Mesh, n: Int, m: Int, _ point: (Float, Float) -> SIMD3<Float>
  ) {
    let base = UInt32(mesh.vertices.count)
    for j in 0...m {
      for i in 0...n { mesh.vertices.append(point(Float(i) / Float(n), Float(j) / Float(m))) }
    }
    let row = UInt32(n + 1)
    for j in 0..<UInt32(m) {
      for i in 0..<UInt32(n) {
        let a = base + j * row + i
        mesh.indices.append(contentsOf: [a, a + 1, a + row + 1, a, a + row + 1, a + row])
      }
    }
  }

  /// A concave cylindrical panel (radius about 1.5 m, axis vertical through (0, 0, 0.5)) spanning
  /// ±60° and 1.5 m in height, nearest point 1 m in front of the camera, with seeded bumps of
  /// 2 cm; the top rows of the frame see past it (misses).
  static func dashboard(triangles: Int, seed: UInt64) -> Mesh {
    var rng = SplitMix64(seed: seed)
    let phase = (0..<4).map { _ in Float(rng.uniform(0...(2 * Double.pi))) }
    let n = max(1, Int(Double(triangles).squareRoot()))
    let m = max(1, triangles / (2 * n))
    var mesh = Mesh(kind: "dashboard")
    addPatch(&mesh, n: n, m: m) { a, b in
      let theta = (a - 0.5) * (2 * Float.pi / 3)
      let r =
        1.5 + 0.02 * sin(7 * theta + phase[0]) * sin(9 * b + phase[1]) + 0.01
        * sin(23 * theta + phase[2]) * sin(17 * b + phase[3])
      return SIMD3(r * sin(theta), -1.2 + 1.5 * b, 0.5 - r * cos(theta))
    }
    return mesh
  }

  /// A closed room 5 x 2.6 x 4 m (floor 1.5 m below the camera) with 12 seeded boxes standing on
  /// the floor (turned about y, 0.2 to 1.3 m tall, none over the camera), every face a grid of
  /// cells of one size so that the total is about `triangles`.
  static func room(triangles: Int, seed: UInt64) -> Mesh {
    var rng = SplitMix64(seed: seed)
    typealias Face = (p: SIMD3<Float>, u: SIMD3<Float>, v: SIMD3<Float>)
    var faces: [Face] = []
    let lo = SIMD3<Float>(-2.5, -1.5, -3)
    let hi = SIMD3<Float>(2.5, 1.1, 1)
    let size = hi - lo
    faces.append((lo, SIMD3(size.x, 0, 0), SIMD3(0, 0, size.z)))  // floor
    faces.append((SIMD3(lo.x, hi.y, lo.z), SIMD3(size.x, 0, 0), SIMD3(0, 0, size.z)))  // ceiling
    faces.append((lo, SIMD3(size.x, 0, 0), SIMD3(0, size.y, 0)))  // back wall
    faces.append((SIMD3(lo.x, lo.y, hi.z), SIMD3(size.x, 0, 0), SIMD3(0, size.y, 0)))
    faces.append((lo, SIMD3(0, 0, size.z), SIMD3(0, size.y, 0)))
    faces.append((SIMD3(hi.x, lo.y, lo.z), SIMD3(0, 0, size.z), SIMD3(0, size.y, 0)))
    for _ in 0..<12 {
      var c = SIMD2<Float>.zero
      repeat {
        c = SIMD2(Float(rng.uniform(-2.0...2.0)), Float(rng.uniform(-2.6...0.6)))
      } while (c * c).sum() < 0.8 * 0.8
      let half = SIMD2(Float(rng.uniform(0.15...0.6)), Float(rng.uniform(0.15...0.6)))
      let height = Float(rng.uniform(0.2...1.3))
      let angle = Float(rng.uniform(0...Double.pi))
      let ex = SIMD3<Float>(cos(angle), 0, sin(angle)) * (2 * half.x)
      let ez = SIMD3<Float>(-sin(angle), 0, cos(angle)) * (2 * half.y)
      let up = SIMD3<Float>(0, height, 0)
      let p0 = SIMD3<Float>(c.x, lo.y, c.y) - ex / 2 - ez / 2
      faces.append((p0 + up, ex, ez))  // top
      faces.append((p0, ex, up))
      faces.append((p0 + ez, ex, up))
      faces.append((p0, ez, up))
      faces.append((p0 + ex, ez, up))
    }
    func length(_ v: SIMD3<Float>) -> Float { (v * v).sum().squareRoot() }
    let area = faces.reduce(Float(0)) { $0 + length($1.u) * length($1.v) }
    let cell = (2 * area / Float(triangles)).squareRoot()
    var mesh = Mesh(kind: "room")
    for face in faces {
      let n = max(1, Int((length(face.u) / cell).rounded()))
      let m = max(1, Int((length(face.v) / cell).rounded()))
      addPatch(&mesh, n: n, m: m) { a, b in face.p + a * face.u + b * face.v }
    }
    return mesh
  }

  // MARK: Running

  static func writeScene(_ mesh: Mesh, grid: BatchPixelGrid, to path: String) {
    var data = Data("ARSMESH1".utf8)
    func append<T>(_ values: [T]) { values.withUnsafeBytes { data.append(contentsOf: $0) } }
    append([Int32(grid.width), Int32(grid.height)])
    let principal = grid.principalPointPixels + 0.5
    append([grid.focalLengthPixels.x, grid.focalLengthPixels.y, principal.x, principal.y])
    append([Int32(mesh.vertices.count), Int32(mesh.triangleCount)])
    append(mesh.vertices.flatMap { [$0.x, $0.y, $0.z] })
    append(mesh.indices)
    do {
      try data.write(to: URL(fileURLWithPath: path))
    } catch {
      RaycastCLIBenchmarks.fail("mesh-raycast: cannot write \(path): \(error)")
    }
  }

  static func readPeerResult(_ path: String, count: Int) -> (t: [Float], index: [Int32]) {
    guard let data = FileManager.default.contents(atPath: path), data.count == 8 * count else {
      RaycastCLIBenchmarks.fail("mesh-raycast: \(path): missing or not \(count) rays")
    }
    var t = [Float](repeating: 0, count: count)
    var index = [Int32](repeating: 0, count: count)
    data.withUnsafeBytes { raw in
      t.withUnsafeMutableBytes {
        $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[0..<4 * count]))
      }
      index.withUnsafeMutableBytes {
        $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[4 * count..<8 * count]))
      }
    }
    return (t, index)
  }

  /// The kernels' result in the peer's layout (float32 t, then int32 triangle indices), for
  /// looking at disagreements.
  static func writeResult(_ result: BatchMeshRaycastResult, to path: String) {
    var data = Data()
    result.t.withUnsafeBytes { data.append(contentsOf: $0) }
    result.triangleIndex.withUnsafeBytes { data.append(contentsOf: $0) }
    try? data.write(to: URL(fileURLWithPath: path))
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  static func compilePeer(work: String) -> String {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("peers/embree_mesh_peer.c").path
    let output = "\(work)/embree_mesh_peer"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "cc", "-O2", "-ffp-contract=off", "-o", output, source, "-lembree3", "-lm",
    ]
    do { try process.run() } catch {
      RaycastCLIBenchmarks.fail("mesh-raycast: cannot run cc: \(error)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      RaycastCLIBenchmarks.fail("mesh-raycast: cc \(source) failed (libembree-dev installed?)")
    }
    return output
  }

  static func run(arguments: [String]) {
    guard var options = parse(arguments) else { RaycastCLIBenchmarks.fail(usage, code: 64) }
    try? FileManager.default.createDirectory(
      atPath: options.work, withIntermediateDirectories: true)
    if options.useEmbree, options.embree == nil {
      options.embree = compilePeer(work: options.work)
    }
    let median = RaycastCLIBenchmarks.median
    let start = RaycastCLIBenchmarks.loadAverage()
    let grid = RaycastWorkload.camera
    let n = grid.count
    let clock = ContinuousClock()
    var rows: [Row] = []
    var depthRows: [DepthRow] = []
    for kind in ["dashboard", "room"] {
      for (sizeIndex, target) in options.triangleCounts.enumerated() {
        let seed = options.seed &+ UInt64(sizeIndex)
        let mesh =
          kind == "room"
          ? room(triangles: target, seed: seed) : dashboard(triangles: target, seed: seed)
        let scenePath = "\(options.work)/\(kind)-\(target).bin"
        let peerOut = "\(options.work)/\(kind)-\(target).hits"
        if options.embree != nil { writeScene(mesh, grid: grid, to: scenePath) }
        var builds: [Double] = []
        var one: [Double] = []
        var two: [Double] = []
        var embree: [[String: Any]] = []
        var swiftSeconds = Double.nan
        var swiftMatches = false
        var twoMatch = true
        var result1 = BatchMeshRaycastResult(missesCount: n, barycentrics: false)
        var result2 = BatchMeshRaycastResult(missesCount: n, barycentrics: false)
        for round in 0..<options.rounds {
          let scene: BatchMeshScene
          do {
            scene = try BatchMeshScene(worldVertices: mesh.vertices, indices: mesh.indices)
          } catch {
            RaycastCLIBenchmarks.fail("mesh-raycast: \(kind) \(target): \(error)")
          }
          builds.append(scene.buildSeconds)
          for threads in [1, 2] {
            let timing = BenchmarkHarness.time(repetitions: options.repeats) {
              if threads == 1 {
                scene.raycast(grid: grid, threadCount: 1, barycentrics: false, into: &result1)
                return Double(result1.t[n / 2])
              }
              scene.raycast(grid: grid, threadCount: 2, barycentrics: false, into: &result2)
              return Double(result2.t[n / 2])
            }
            if threads == 1 {
              one.append(timing.medianSeconds)
            } else {
              two.append(timing.medianSeconds)
            }
          }
          twoMatch = twoMatch && result1 == result2
          if round == 0 {
            var swift = BatchMeshRaycastResult(missesCount: n, barycentrics: false)
            swiftSeconds = seconds(
              clock.measure {
                scene.raycast(
                  grid: grid, engine: .swiftSIMD, threadCount: 1, barycentrics: false,
                  into: &swift)
              })
            swiftMatches = swift == result1
          }
          if let peer = options.embree {
            embree.append(
              RaycastCLIBenchmarks.runJSON(
                peer, [scenePath, "\(options.repeats)", options.quality, peerOut]))
          }
        }
        let hits = result1.triangleIndex.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
        var figures: EmbreeFigures?
        if let first = embree.first {
          func number(_ o: [String: Any], _ key: String) -> Double {
            (o[key] as? NSNumber)?.doubleValue ?? .nan
          }
          let e = embree.map { number($0, "medianSeconds") }
          let commit = embree.map { number($0, "commitSceneSeconds") }
          let peer = readPeerResult(peerOut, count: n)
          writeResult(result1, to: "\(options.work)/\(kind)-\(target).package-hits")
          var agree = 0
          var hitMiss = 0
          var same = 0
          var onlyPackage = 0
          var bothHit = 0
          var tClose = 0
          var maxRelative: Float = 0
          for i in 0..<n {
            let a = result1.triangleIndex[i]
            let b = peer.index[i]
            if (a >= 0) != (b >= 0) {
              if a >= 0 { onlyPackage += 1 }
              continue
            }
            hitMiss += 1
            if a >= 0 {
              let relative = abs(result1.t[i] - peer.t[i]) / max(result1.t[i], peer.t[i])
              bothHit += 1
              tClose += relative <= 1e-4 ? 1 : 0
              maxRelative = max(maxRelative, relative)
            }
            if a == b {
              (same, agree) = (same + 1, agree + 1)
              continue
            }
            let ta = result1.t[i]
            let tb = peer.t[i]
            if abs(ta - tb) <= 1e-4 * max(abs(ta), abs(tb)) { agree += 1 }
          }
          figures = EmbreeFigures(
            peer: first["peer"] as? String ?? "?",
            buildQuality: first["buildQuality"] as? String ?? "?",
            commitSceneMedianSeconds: median(commit), medianSeconds: median(e),
            mraysPerSecond: Double(n) / median(e) / 1e6,
            hits: Int(number(first, "hits")),
            kernel1ThreadOverEmbree: median(zip(e, one).map { $0 / $1 }),
            kernel2ThreadsOverEmbree: median(zip(e, two).map { $0 / $1 }),
            swiftOverEmbree: e[0] / swiftSeconds,
            buildOverCommitScene: median(zip(builds, commit).map { $0 / $1 }),
            agreement: Double(agree) / Double(n), hitMissAgreement: Double(hitMiss) / Double(n),
            sameTriangleFraction: Double(same) / Double(n), disagreeingRays: n - agree,
            packageHitEmbreeMiss: onlyPackage, embreeHitPackageMiss: n - hitMiss - onlyPackage,
            tWithin1e4Fraction: Double(tClose) / Double(max(bothHit, 1)),
            maxRelativeTDifference: Double(maxRelative))
        }
        rows.append(
          Row(
            mesh: kind, requestedTriangles: target, triangles: mesh.triangleCount, rays: n,
            hits: hits, buildMedianSeconds: median(builds),
            kernel1ThreadMedianSeconds: median(one),
            kernel1ThreadMraysPerSecond: Double(n) / median(one) / 1e6,
            kernel2ThreadsMedianSeconds: median(two),
            kernel2ThreadsMraysPerSecond: Double(n) / median(two) / 1e6,
            twoThreadsOverOne: median(zip(one, two).map { $0 / $1 }), swiftSeconds: swiftSeconds,
            swiftMraysPerSecond: Double(n) / swiftSeconds / 1e6, swiftMatchesKernels: swiftMatches,
            twoThreadsMatchOneThread: twoMatch, embree: figures))
        if target == 100_000 {
          depthRows.append(
            depthMaps(mesh, repeats: options.repeats, embree: options.embree, work: options.work))
        }
      }
    }
    BenchmarkHarness.printJSON(
      Report(
        engine: "simd", rounds: options.rounds, repeats: options.repeats, seed: options.seed,
        loadAverageStart: start, loadAverageEnd: RaycastCLIBenchmarks.loadAverage(), rows: rows,
        depthMaps: depthRows))
  }

  /// A 256x192 depth map (ARKit's depth size; intrinsics of the 1920x1440 camera scaled) on one
  /// thread: the grid raycast into a reused result and the z-depth of every pixel.
  static func depthMaps(_ mesh: Mesh, repeats: Int, embree: String?, work: String) -> DepthRow {
    let scale = Float(256) / Float(RaycastWorkload.imageWidth)
    let grid = BatchPixelGrid(
      imageWidth: 256, height: 192,
      focalLengthPixels: SIMD2(repeating: RaycastWorkload.focalLength * scale),
      principalPointPixels: (RaycastWorkload.principalPoint + 0.5) * scale - 0.5,
      worldFromCamera: .identity)
    let scene = try! BatchMeshScene(worldVertices: mesh.vertices, indices: mesh.indices)
    var result = BatchMeshRaycastResult(missesCount: grid.count, barycentrics: false)
    let batch = 100
    let timing = BenchmarkHarness.time(repetitions: max(repeats, 9)) {
      var sum = 0.0
      for _ in 0..<batch {
        scene.raycast(grid: grid, threadCount: 1, barycentrics: false, into: &result)
        sum += Double(scene.depthMeters(of: result, grid: grid)[grid.count / 2])
      }
      return sum
    }
    let raycastOnly = BenchmarkHarness.time(repetitions: max(repeats, 9)) {
      var sum = 0.0
      for _ in 0..<batch {
        scene.raycast(grid: grid, threadCount: 1, barycentrics: false, into: &result)
        sum += Double(result.t[grid.count / 2])
      }
      return sum
    }
    let perMap = timing.medianSeconds / Double(batch)
    var embreeRate: Double?
    if let peer = embree {
      let path = "\(work)/\(mesh.kind)-depth.bin"
      writeScene(mesh, grid: grid, to: path)
      let object = RaycastCLIBenchmarks.runJSON(peer, [path, "\(batch * 3)"])
      embreeRate = 1 / ((object["medianSeconds"] as? NSNumber)?.doubleValue ?? .nan)
    }
    return DepthRow(
      mesh: mesh.kind, triangles: mesh.triangleCount, mapsPerSecond: 1 / perMap,
      medianSecondsPerMap: perMap,
      raycastOnlyMapsPerSecond: Double(batch) / raycastOnly.medianSeconds,
      embreeMapsPerSecond: embreeRate,
      hits: result.triangleIndex.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) })
  }
}
