import ARSimulation
import Foundation
import SceneFormat
import SceneReplay
import SpatialMath

/// `arsim raycast`: batched rays against plane anchors or a triangle mesh on the SIMD kernels.
enum RaycastCommand {
  /// The `--target` names (ARKit's existing-plane targets, with the legacy hit-test names) and
  /// the anchor region each one hits.
  enum Target: String, CaseIterable, ExpressibleByArgument {
    case existingPlaneGeometry, existingPlaneInfinite, existingPlaneUsingExtent
    case existingPlaneUsingGeometry

    var region: BatchPlane.AnchorRegion {
      switch self {
      case .existingPlaneGeometry, .existingPlaneUsingGeometry: .boundary
      case .existingPlaneInfinite: .infinite
      case .existingPlaneUsingExtent: .extent
      }
    }

    init(argument: String) throws(ArgumentValueError) {
      if argument == RaycastQuery.Target.estimatedPlane.name {
        throw ArgumentValueError(
          "estimatedPlane needs feature points; the batch path hits anchors only")
      }
      guard let value = Self(rawValue: argument) else {
        throw .unknownValue(argument, validValues: Self.allValueStrings)
      }
      self = value
    }
  }

  static let planes = Option<String?>(
    "planes", valueName: "FILE", completion: .file,
    help: "Plane anchors, JSON {\"planes\": [...]} with the recording format's plane objects "
      + "(- for standard input). Give exactly one of --planes and --mesh.")
  static let mesh = Option<String?>(
    "mesh", valueName: "FILE", completion: .file,
    help: "A triangle mesh (world metres): Wavefront OBJ, or PLY (ASCII or binary "
      + "little-endian; - for standard input). Polygons are split into fans in order; triangle "
      + "k is the k-th triangle of the file's faces after that split. Both faces are hit; "
      + "--target, --alignment and --back-faces do not apply.")
  static let rays = Option<String?>(
    "rays", valueName: "FILE", completion: .file,
    help: "Rays as little-endian float32 ox,oy,oz,dx,dy,dz per ray (24 bytes; world space, "
      + "metres; directions are normalized here).")
  static let fullFrame = Option<Size?>(
    "full-frame", valueName: "WxH",
    help: "One ray per pixel centre (u + 0.5, v + 0.5) of a WxH image, row-major, through the "
      + "pinhole camera of --intrinsics and --camera-transform. At most 65536x65536, and at "
      + "most --max-rays rays.")
  static let maxRays = Option<Int>(
    "max-rays", valueName: "N", default: 16_777_216,
    help: "Refuse a --full-frame or a --rays file of more than N rays (each takes 8 bytes of "
      + "results, 16 with --output, and 24 of input from --rays; the default, 4096x4096, about "
      + "256 MiB). Raise it when the memory is there.",
    valid: { $0 >= 1 }, expected: "an integer >= 1")
  static let target = Option<Target>(
    "target", valueName: "NAME", default: .existingPlaneGeometry,
    help: "Which part of an anchor a ray may hit: its boundary polygon (existingPlaneGeometry, "
      + "or the legacy name existingPlaneUsingGeometry), its whole plane (existingPlaneInfinite) "
      + "or its extent rectangle (existingPlaneUsingExtent, legacy). estimatedPlane needs "
      + "feature points and is not available here.")
  static let alignment = Option<RaycastQuery.TargetAlignment>(
    "alignment", valueName: "NAME", default: .any,
    help: "Which anchors count, by their alignment label.")
  static let backFaces = Flag(
    "back-faces", help: "Also hit planes from behind (by default back faces are culled).")
  static let threads = Option<Int>(
    "threads", valueName: "N", default: 1, in: 1...256,
    help: "Worker threads; the output is the same for any N.")
  static let repetitions = Option<Int>(
    "repeat", valueName: "R", default: 1, in: 1...1_000_000,
    help: "Run the intersection R times on the same buffers and report the median time (the "
      + "first, cold run separately with --json); the output is the same for any R.")
  static let output = Option<String?>(
    "output", valueName: "FILE", completion: .outputFile,
    help: "Write all float32 t values (metres along the ray, +inf for a miss), then all int32 "
      + "plane indices (index in --planes) or triangle indices (in --mesh's face order after "
      + "the fan split), -1 for a miss, little-endian.")
  static let json = Flag(
    "json",
    help: "Print one JSON object {\"rays\", \"planes\", \"hits\", \"seconds\", "
      + "\"raysPerSecond\", \"runs\", \"firstRunSeconds\", \"medianSeconds\", \"minSeconds\", "
      + "\"maxSeconds\", \"resultSetupSeconds\"} instead of the summary line; seconds and "
      + "raysPerSecond are the median run's; resultSetupSeconds is the time to allocate and "
      + "first write the result buffers, done once before the runs. With --mesh, \"triangles\" "
      + "replaces \"planes\" and \"buildSeconds\" is the time to build the mesh's hierarchy "
      + "(done once, not in the runs).")

  static let spec = CommandSpec(
    name: "raycast",
    summary: "Intersect many rays with plane anchors or a triangle mesh on the SIMD kernels.",
    usage: [
      "raycast (--planes FILE | --mesh FILE) --rays FILE [options]",
      "raycast (--planes FILE | --mesh FILE) --full-frame WxH",
      "        --intrinsics fx,fy,ox,oy [options]",
    ],
    discussion: """
      Intersects many rays with the plane anchors of --planes, or the triangles of --mesh, on \
      the batched SIMD kernels and reports, per ray, the nearest hit. The rays come from --rays \
      or, with --full-frame, one per pixel of a camera image.
      """,
    options: [
      planes, mesh, rays, fullFrame, maxRays, CameraOptions.intrinsics,
      CameraOptions.cameraTransform,
      target, alignment, backFaces, threads, repetitions, output, json,
    ], run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    // Validate.
    guard let source = Self.source(parsed) else {
      throw .usage("give exactly one of --planes FILE and --mesh FILE")
    }
    let raysPath = parsed.value(rays)
    let grid = try Self.grid(parsed)
    if case .mesh(let meshPath) = source {
      return try runMesh(meshPath: meshPath, raysPath: raysPath, grid: grid, parsed, context)
    }
    guard case .planes(let planesPath) = source else { fatalError("unreachable") }
    let region = parsed.value(target).region
    let accepted = parsed.value(alignment)

    // Load.
    let anchors = try loadAnchors(path: planesPath, context)
    var indices: [Int32] = []
    var batchPlanes: [BatchPlane] = []
    for (index, anchor) in anchors.enumerated()
    where accepted.accepts(RaycastQuery.TargetAlignment(anchor.alignment)) {
      guard let plane = try? BatchPlane(anchor, region: region) else {
        throw .runtime(
          "\(InputFile.name(planesPath)): $.planes[\(index)].boundary: not convex after Float "
            + "rounding")
      }
      batchPlanes.append(plane)
      indices.append(Int32(index))
    }
    let scene = BatchRaycastScene(
      planes: batchPlanes, cullsBackFaces: !parsed.flag(backFaces))
    let rayBatch = try raysPath.map { path throws(CommandLineError) in
      try loadRays(path: path, maximumRays: parsed.value(maxRays), context)
    }

    // The result buffers are made first, as an app makes them once at setup for its frame
    // size: fresh memory costs a page fault and a zeroing per page on first write (22 MB for a
    // full 1920x1440 frame), timed apart as `resultSetupSeconds`.
    let clock = ContinuousClock()
    var result = BatchRaycastResult()
    let rayCount = grid.map { $0.width * $0.height } ?? rayBatch?.count ?? 0
    let setupSeconds = Self.seconds(
      clock.measure { result = BatchRaycastResult(missesCount: rayCount) })

    // Run (the timed region: ray generation for full frames, intersection, results in memory),
    // `--repeat` times on the same buffers; the first run is the cold one.
    let threadCount = parsed.value(threads)
    let runs = parsed.value(repetitions)
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
      let elapsed = clock.measure {
        if let grid {
          scene.intersect(grid, threadCount: threadCount, into: &result)
        } else if let rayBatch {
          scene.intersect(rayBatch, threadCount: threadCount, into: &result)
        }
      }
      samples.append(Self.seconds(elapsed))
    }
    let timing = RunTiming(samples)
    let seconds = timing.medianSeconds
    // Map indices in the filtered scene back to indices in the file (nothing to do when every
    // anchor is in the scene).
    if indices.count != anchors.count {
      result.planeIndex.withUnsafeMutableBufferPointer { planeIndex in
        for i in planeIndex.indices where planeIndex[i] >= 0 {
          planeIndex[i] = indices[Int(planeIndex[i])]
        }
      }
    }
    if let path = parsed.value(output) {
      try write(t: result.t, indices: result.planeIndex, to: path, context)
    }
    let hits = result.planeIndex.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
    if parsed.flag(json) {
      struct Summary: Encodable {
        let rays, planes, hits: Int
        let seconds, raysPerSecond: Double
        let runs: Int
        let firstRunSeconds, medianSeconds, minSeconds, maxSeconds: Double
        let resultSetupSeconds: Double
      }
      return try JSONOutput.string(
        Summary(
          rays: result.count, planes: anchors.count, hits: hits, seconds: seconds,
          raysPerSecond: seconds > 0 ? Double(result.count) / seconds : 0, runs: runs,
          firstRunSeconds: timing.firstSeconds, medianSeconds: timing.medianSeconds,
          minSeconds: timing.minSeconds, maxSeconds: timing.maxSeconds,
          resultSetupSeconds: setupSeconds), pretty: false)
    }
    let runsNote =
      runs == 1
      ? "" : " (median of \(runs) runs; first \(String(format: "%.4f", timing.firstSeconds)) s)"
    return """
      rays \(result.count), planes \(anchors.count) (\(batchPlanes.count) with alignment \(accepted.name)), \
      hits \(hits), \(String(format: "%.4f", seconds)) s, \
      \(String(format: "%.1f", seconds > 0 ? Double(result.count) / seconds / 1e6 : 0)) Mrays/s\(runsNote)
      """
  }

  /// What the rays are cast against.
  enum Source {
    case planes(String)
    case mesh(String)
  }

  /// `--planes` or `--mesh`; `nil` unless exactly one is given.
  static func source(_ parsed: ParsedArguments) -> Source? {
    switch (parsed.value(planes), parsed.value(mesh)) {
    case (let path?, nil): .planes(path)
    case (nil, let path?): .mesh(path)
    default: nil
    }
  }

  /// The pixel grid of `--full-frame`, `--intrinsics` and `--camera-transform`, or `nil` for
  /// `--rays`; usage errors name the option.
  static func grid(_ parsed: ParsedArguments) throws(CommandLineError) -> BatchPixelGrid? {
    let raysPath = parsed.value(rays)
    let frameSize = parsed.value(fullFrame)
    guard (raysPath == nil) != (frameSize == nil) else {
      throw .usage("give exactly one of --rays FILE and --full-frame WxH")
    }
    var grid: BatchPixelGrid?
    if let frameSize {
      guard let k = parsed.value(CameraOptions.intrinsics) else {
        throw .usage("option --full-frame needs --intrinsics")
      }
      guard k[0] > 0, k[1] > 0 else {
        throw .usage("option --intrinsics: focal lengths must be > 0, got \(k[0]), \(k[1])")
      }
      // The kernels work in Float: a value beyond its range would become infinity (no hits),
      // a focal length below its normal range zero or a subnormal.
      if let bad = k.first(where: { !Float($0).isFinite }) {
        throw .usage(
          "option --intrinsics: \(bad) is beyond the range of Float (magnitude at most "
            + "\(Float.greatestFiniteMagnitude)), in which rays are generated")
      }
      if let bad = k.prefix(2).first(where: { !Float($0).isNormal }) {
        throw .usage(
          "option --intrinsics: focal length \(bad) is below Float's normal range (at least "
            + "\(Float.leastNormalMagnitude))")
      }
      guard frameSize.width == frameSize.width.rounded(),
        frameSize.height == frameSize.height.rounded(),
        frameSize.width <= 65536, frameSize.height <= 65536
      else { throw .usage("option --full-frame: expected whole pixel counts up to 65536") }
      let rayCount = Int(frameSize.width) * Int(frameSize.height)
      let limit = parsed.value(maxRays)
      guard rayCount <= limit else {
        throw .usage(
          "option --full-frame: \(Int(frameSize.width))x\(Int(frameSize.height)) is \(rayCount) "
            + "rays, more than the limit of \(limit) (--max-rays; each ray takes 8 bytes of "
            + "results, 16 with --output): raise it with --max-rays \(rayCount) if the memory "
            + "is there")
      }
      let m = parsed.value(CameraOptions.cameraTransform)
      let pose: RigidTransform
      do {
        pose = try RigidTransform(try Matrix4x4(columnMajor: m.map(Float.init)))
      } catch {
        throw .usage("option --camera-transform: \(error.description)")
      }
      grid = BatchPixelGrid(
        imageWidth: Int(frameSize.width), height: Int(frameSize.height),
        focalLengthPixels: SIMD2(Float(k[0]), Float(k[1])),
        principalPointPixels: SIMD2(Float(k[2]), Float(k[3])), worldFromCamera: pose)
    } else if parsed.isGiven(CameraOptions.intrinsics)
      || parsed.isGiven(CameraOptions.cameraTransform)
    {
      throw .usage("options --intrinsics and --camera-transform go with --full-frame")
    }

    return grid
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  /// Statistics of repeated runs, in seconds: the first (cold) run, and the median (the mean of
  /// the middle two for an even count), minimum and maximum of all runs.
  struct RunTiming: Equatable {
    var firstSeconds, medianSeconds, minSeconds, maxSeconds: Double
  }

  /// The anchors of a plane list (`-` for standard input); errors name the file and the JSON
  /// path.
  static func loadAnchors(path: String, _ context: CommandContext) throws(CommandLineError)
    -> [PlaneAnchor]
  {
    let list = try InputFile.load(
      path, context,
      fromFile: { try RecordingPlaneList(contentsOfFile: $0, limits: context.limits) },
      fromBytes: { bytes, name in
        do {
          let value = try bytes.withUnsafeBufferPointer {
            try JSONParser.parse($0, maximumDepth: context.limits.parserDepth)
          }
          return try RecordingPlaneList(json: value, limits: context.limits)
        } catch let error as InputFileError {
          throw error.located(file: name)
        }
      })
    do {
      var anchors: [PlaneAnchor] = []
      for (index, plane) in list.planes.enumerated() {
        do {
          anchors.append(try plane.planeAnchor())
        } catch let error as InputFileError {
          throw error.prefixed(.index(index)).prefixed(.key("planes")).located(
            file: InputFile.name(path))
        }
      }
      return anchors
    } catch {
      throw .runtime(describing: error)
    }
  }

  /// Rays from little-endian float32 sextuples; errors name the file and the ray.
  static func loadRays(path: String, maximumRays: Int, _ context: CommandContext)
    throws(CommandLineError) -> BatchRaySoA
  {
    let (bytes, overflow) = maximumRays.multipliedReportingOverflow(by: 24)
    let data = try InputFile.read(
      path, context, maximumBytes: overflow ? Int.max : bytes,
      limitName: "--max-rays \(maximumRays), 24 bytes a ray: raise it with --max-rays N")
    guard data.count % 24 == 0 else {
      throw .runtime(
        "\(InputFile.name(path)): \(data.count) bytes is not a whole number of 24-byte rays")
    }
    let count = data.count / 24
    var components = [[Float]](repeating: [], count: 6)
    for c in 0..<6 { components[c].reserveCapacity(count) }
    data.withUnsafeBytes { bytes in
      for i in 0..<count {
        for c in 0..<6 {
          let bits = bytes.loadUnaligned(fromByteOffset: i * 24 + c * 4, as: UInt32.self)
          components[c].append(Float(bitPattern: UInt32(littleEndian: bits)))
        }
      }
    }
    // Normalize directions; a zero or non-finite ray stays as it is and misses in the kernels.
    for i in 0..<count {
      let d = SIMD3(components[3][i], components[4][i], components[5][i])
      if let unit = d.normalized() {
        (components[3][i], components[4][i], components[5][i]) = (unit.x, unit.y, unit.z)
      }
    }
    do {
      return try BatchRaySoA(
        originX: components[0], originY: components[1], originZ: components[2],
        directionX: components[3], directionY: components[4], directionZ: components[5])
    } catch {
      // Six arrays of the same length, filled above: not reached.
      throw .runtime("\(InputFile.name(path)): \(error)")
    }
  }

  /// Writes all t values then all plane or triangle indices, little-endian.
  static func write(
    t: [Float], indices: [Int32], to path: String, _ context: CommandContext
  ) throws(CommandLineError) {
    var bytes = [UInt8](repeating: 0, count: t.count * 4 + indices.count * 4)
    bytes.withUnsafeMutableBytes { out in
      for (i, value) in t.enumerated() {
        out.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: 4 * i, as: UInt32.self)
      }
      let base = 4 * t.count
      for (i, value) in indices.enumerated() {
        out.storeBytes(of: value.littleEndian, toByteOffset: base + 4 * i, as: Int32.self)
      }
    }
    try OutputFile.write(bytes, to: path, context)
  }
}

extension RaycastCommand.RunTiming {
  /// The statistics of `samples`, in run order (at least one).
  init(_ samples: [Double]) {
    precondition(!samples.isEmpty, "RunTiming needs at least one run")
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    self.init(
      firstSeconds: samples[0],
      medianSeconds: sorted.count % 2 == 1
        ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2,
      minSeconds: sorted[0], maxSeconds: sorted[sorted.count - 1])
  }
}
