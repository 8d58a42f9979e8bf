import ARSimulation
import Foundation
import SceneFormat
import SceneReplay
import SpatialMath

/// `arsim raycast`: batched rays against plane anchors on the SIMD kernels.
enum RaycastCommand {
  static let usage = """
    USAGE: arsim raycast --planes FILE (--rays FILE | --full-frame WxH --intrinsics fx,fy,ox,oy
                         [--camera-transform 16 numbers]) [options]

    Intersects many rays with the plane anchors of FILE ({"planes": [...]} with the recording
    format's plane objects) on the batched SIMD kernels and reports, per ray, the nearest hit.

    OPTIONS:
      --planes FILE               Plane anchors, JSON {"planes": [...]} (required).
      --rays FILE                 Rays as little-endian float32 ox,oy,oz,dx,dy,dz per ray (24 bytes;
                                  world space, metres; directions are normalized here).
      --full-frame WxH            One ray per pixel centre (u + 0.5, v + 0.5) of a WxH image,
                                  row-major, through the pinhole camera of --intrinsics and
                                  --camera-transform (worldFromCamera, column-major; identity by
                                  default).
      --intrinsics fx,fy,ox,oy    Pinhole intrinsics in pixels (with --full-frame; ARKit's, so
                                  the principal point is (ox+0.5, oy+0.5) in continuous pixels).
      --camera-transform N*16     worldFromCamera, 16 numbers column-major.
      --target NAME               existingPlaneGeometry (inside the boundary polygon, default),
                                  existingPlaneInfinite, existingPlaneUsingExtent (legacy: inside
                                  the extent rectangle). estimatedPlane needs feature points and
                                  is not available here.
      --alignment NAME            horizontal, vertical or any (default): which anchors count, by
                                  their alignment label.
      --back-faces                Also hit planes from behind (default: back faces are culled).
      --threads N                 Worker threads (default 1); the output is the same for any N.
      --output FILE               Write all float32 t values (metres along the ray, +inf for a
                                  miss), then all int32 plane indices (index in --planes, -1 for a
                                  miss), little-endian.
      --json                      Print {"rays","planes","hits","seconds","raysPerSecond"}.
      --help                      Show this help.
    """

  static let options: [String: ParsedArguments.Arity] = [
    "planes": .one, "rays": .one, "full-frame": .one, "intrinsics": .numbers(count: 4),
    "camera-transform": .numbers(count: 16), "target": .one, "alignment": .one,
    "back-faces": .flag, "threads": .one, "output": .one, "json": .flag,
  ]

  /// The `--target` names and the anchor region each one hits.
  static let targets: [(name: String, region: BatchPlane.AnchorRegion)] = [
    ("existingPlaneGeometry", .boundary), ("existingPlaneInfinite", .infinite),
    ("existingPlaneUsingExtent", .extent), ("existingPlaneUsingGeometry", .boundary),
  ]

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    // Parse and validate.
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    guard parsed.positional.isEmpty else {
      throw .usage("unexpected argument \"\(parsed.positional[0])\"")
    }
    guard let planesPath = parsed.string("planes") else {
      throw .usage("option --planes is required")
    }
    let targetName = parsed.string("target") ?? "existingPlaneGeometry"
    guard let region = targets.first(where: { $0.name == targetName })?.region else {
      if targetName == "estimatedPlane" {
        throw .usage(
          "option --target: estimatedPlane needs feature points; the batch path hits anchors only")
      }
      throw .usage(
        "option --target: unknown value \"\(targetName)\"; expected one of "
          + targets.map(\.name).joined(separator: ", "))
    }
    let alignment = try parsed.named("alignment", as: RaycastQuery.TargetAlignment.self) ?? .any
    var threads = 1
    if let text = parsed.string("threads") {
      guard let value = Int(text), (1...256).contains(value) else {
        throw .usage("option --threads: expected a whole number in 1...256, got \"\(text)\"")
      }
      threads = value
    }
    let raysPath = parsed.string("rays")
    let frameSize = try parsed.size("full-frame")
    guard (raysPath == nil) != (frameSize == nil) else {
      throw .usage("give exactly one of --rays FILE and --full-frame WxH")
    }
    var grid: BatchPixelGrid?
    if let frameSize {
      guard let k = try parsed.numbers("intrinsics", count: 4) else {
        throw .usage("option --full-frame needs --intrinsics")
      }
      guard k[0] > 0, k[1] > 0 else {
        throw .usage("option --intrinsics: focal lengths must be > 0, got \(k[0]), \(k[1])")
      }
      guard frameSize.width == frameSize.width.rounded(),
        frameSize.height == frameSize.height.rounded(),
        frameSize.width <= 65536, frameSize.height <= 65536
      else { throw .usage("option --full-frame: expected whole pixel counts up to 65536") }
      var pose = RigidTransform.identity
      if let m = try parsed.numbers("camera-transform", count: 16) {
        do {
          // `numbers(_:count:)` returned exactly 16.
          pose = try RigidTransform(try Matrix4x4(columnMajor: m.map(Float.init)))
        } catch {
          throw .usage("option --camera-transform: \(error.description)")
        }
      }
      grid = BatchPixelGrid(
        imageWidth: Int(frameSize.width), height: Int(frameSize.height),
        focalLengthPixels: SIMD2(Float(k[0]), Float(k[1])),
        principalPointPixels: SIMD2(Float(k[2]), Float(k[3])), worldFromCamera: pose)
    } else if parsed.string("intrinsics") != nil || parsed.string("camera-transform") != nil {
      throw .usage("options --intrinsics and --camera-transform go with --full-frame")
    }

    // Load.
    let anchors = try loadAnchors(path: planesPath)
    var indices: [Int32] = []
    var planes: [BatchPlane] = []
    for (index, anchor) in anchors.enumerated()
    where alignment.accepts(RaycastQuery.TargetAlignment(anchor.alignment)) {
      guard let plane = try? BatchPlane(anchor, region: region) else {
        throw .runtime(
          "\(planesPath): $.planes[\(index)].boundary: not convex after Float rounding")
      }
      planes.append(plane)
      indices.append(Int32(index))
    }
    let scene = BatchRaycastScene(planes: planes, cullsBackFaces: !parsed.flag("back-faces"))
    let rays = try raysPath.map(loadRays)

    // Run (the timed region: ray generation for full frames, intersection, results in memory).
    var result = BatchRaycastResult()
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      if let grid {
        scene.intersect(grid, threadCount: threads, into: &result)
      } else if let rays {
        scene.intersect(rays, threadCount: threads, into: &result)
      }
    }
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    // Map indices in the filtered scene back to indices in the file.
    for i in result.planeIndex.indices where result.planeIndex[i] >= 0 {
      result.planeIndex[i] = indices[Int(result.planeIndex[i])]
    }
    if let output = parsed.string("output") { try write(result, to: output) }
    let hits = result.planeIndex.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
    if parsed.flag("json") {
      struct Summary: Encodable {
        let rays, planes, hits: Int
        let seconds, raysPerSecond: Double
      }
      return try JSONOutput.string(
        Summary(
          rays: result.count, planes: anchors.count, hits: hits, seconds: seconds,
          raysPerSecond: seconds > 0 ? Double(result.count) / seconds : 0), pretty: false)
    }
    return """
      rays \(result.count), planes \(anchors.count) (\(planes.count) with alignment \(alignment.name)), \
      hits \(hits), \(String(format: "%.4f", seconds)) s, \
      \(String(format: "%.1f", seconds > 0 ? Double(result.count) / seconds / 1e6 : 0)) Mrays/s
      """
  }

  /// The anchors of a plane list; errors name the file and the JSON path.
  static func loadAnchors(path: String) throws(CommandLineError) -> [PlaneAnchor] {
    do {
      let list = try RecordingPlaneList(contentsOfFile: path)
      var anchors: [PlaneAnchor] = []
      for (index, plane) in list.planes.enumerated() {
        do {
          anchors.append(try plane.planeAnchor())
        } catch let error as InputFileError {
          var located = error.prefixed(.index(index)).prefixed(.key("planes"))
          located.file = path
          throw located
        }
      }
      return anchors
    } catch {
      throw .runtime("\(error)")
    }
  }

  /// Rays from little-endian float32 sextuples; errors name the file and the ray.
  static func loadRays(path: String) throws(CommandLineError) -> BatchRaySoA {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .runtime("\(path): cannot read the file")
    }
    guard data.count % 24 == 0 else {
      throw .runtime("\(path): \(data.count) bytes is not a whole number of 24-byte rays")
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
    // Six arrays of the same length, filled above.
    return try! BatchRaySoA(
      originX: components[0], originY: components[1], originZ: components[2],
      directionX: components[3], directionY: components[4], directionZ: components[5])
  }

  /// Writes all t values then all plane indices, little-endian.
  static func write(_ result: BatchRaycastResult, to path: String) throws(CommandLineError) {
    var data = Data(capacity: result.count * 8)
    for t in result.t {
      withUnsafeBytes(of: t.bitPattern.littleEndian) { data.append(contentsOf: $0) }
    }
    for i in result.planeIndex {
      withUnsafeBytes(of: i.littleEndian) { data.append(contentsOf: $0) }
    }
    do {
      try data.write(to: URL(fileURLWithPath: path))
    } catch {
      throw .runtime("\(path): cannot write (\(error.localizedDescription))")
    }
  }
}
