import ARSimulation
import SceneFormat

extension RaycastCommand {
  /// `arsim raycast --mesh FILE`: the rays of `--rays` or the pixel grid against the mesh's
  /// triangles. The hierarchy is built once (`buildSeconds`), then the timed runs as for planes.
  static func runMesh(
    meshPath: String, raysPath: String?, grid: BatchPixelGrid?, _ parsed: ParsedArguments,
    _ context: CommandContext
  ) throws(CommandLineError) -> String {
    for option in [target, alignment] as [any OptionDeclaring] where parsed.isGiven(option) {
      throw .usage("option --\(option.declaration.name) applies to --planes, not --mesh")
    }
    if parsed.flag(backFaces) {
      throw .usage("option --back-faces applies to --planes, not --mesh")
    }
    let bytes = try InputFile.read(
      meshPath, context, maximumBytes: context.limits.maximumFileBytes,
      limitName: "maximumFileBytes")
    let file: MeshFile
    do {
      file = try MeshFile(bytes: bytes, name: InputFile.name(meshPath))
    } catch {
      throw .runtime(error.description)
    }
    let scene: BatchMeshScene
    do {
      scene = try BatchMeshScene(worldVertices: file.vertices, indices: file.indices)
    } catch {
      // MeshFile validates indices and finiteness; not reached.
      throw .runtime("\(InputFile.name(meshPath)): \(error.description)")
    }
    let rayBatch = try raysPath.map { path throws(CommandLineError) in
      try loadRays(path: path, maximumRays: parsed.value(maxRays), context)
    }
    let clock = ContinuousClock()
    var result = BatchMeshRaycastResult()
    let rayCount = grid.map { $0.width * $0.height } ?? rayBatch?.count ?? 0
    let setupSeconds = Self.seconds(
      clock.measure { result = BatchMeshRaycastResult(missesCount: rayCount, barycentrics: false) })
    let threadCount = parsed.value(threads)
    let runs = parsed.value(repetitions)
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
      let elapsed = clock.measure {
        if let grid {
          scene.raycast(
            grid: grid, threadCount: threadCount, barycentrics: false, into: &result)
        } else if let rayBatch {
          scene.raycast(
            rays: rayBatch, threadCount: threadCount, barycentrics: false, into: &result)
        }
      }
      samples.append(Self.seconds(elapsed))
    }
    let timing = RunTiming(samples)
    let seconds = timing.medianSeconds
    if let path = parsed.value(output) {
      try write(t: result.t, indices: result.triangleIndex, to: path, context)
    }
    let hits = result.triangleIndex.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
    if parsed.flag(json) {
      struct Summary: Encodable {
        let rays, triangles, hits: Int
        let seconds, raysPerSecond: Double
        let runs: Int
        let firstRunSeconds, medianSeconds, minSeconds, maxSeconds: Double
        let resultSetupSeconds, buildSeconds: Double
      }
      return try JSONOutput.string(
        Summary(
          rays: result.count, triangles: scene.triangleCount, hits: hits, seconds: seconds,
          raysPerSecond: seconds > 0 ? Double(result.count) / seconds : 0, runs: runs,
          firstRunSeconds: timing.firstSeconds, medianSeconds: timing.medianSeconds,
          minSeconds: timing.minSeconds, maxSeconds: timing.maxSeconds,
          resultSetupSeconds: setupSeconds, buildSeconds: scene.buildSeconds), pretty: false)
    }
    let runsNote =
      runs == 1
      ? "" : " (median of \(runs) runs; first \(String(format: "%.4f", timing.firstSeconds)) s)"
    return """
      rays \(result.count), triangles \(scene.triangleCount) (built in \
      \(String(format: "%.4f", scene.buildSeconds)) s), hits \(hits), \
      \(String(format: "%.4f", seconds)) s, \
      \(String(format: "%.1f", seconds > 0 ? Double(result.count) / seconds / 1e6 : 0)) Mrays/s\(runsNote)
      """
  }
}
