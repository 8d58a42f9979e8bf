import ARSimulation
import SpatialMath

extension ProjectCommand {
  /// `arsim project --projection-matrix` / `--view-matrix`: ARKit's rendering matrices
  /// (`Camera.projectionMatrix(for:viewportSize:zNear:zFar:)`, `Camera.viewMatrix(for:)`) as
  /// column-major JSON arrays.
  struct RenderingMatrices {
    static let options: [String: ParsedArguments.Arity] = [
      "projection-matrix": .flag, "view-matrix": .flag, "viewport": .one,
      "interface-orientation": .one, "z-near": .numbers(count: 1), "z-far": .numbers(count: 1),
    ]

    /// The options that only mean something with one of the matrix flags.
    private static let matrixOnly = ["viewport", "interface-orientation", "z-near", "z-far"]

    let projection: Bool
    let view: Bool

    /// `nil` when neither matrix flag is given (then no matrix-only option may be either).
    init?(_ parsed: ParsedArguments) throws(CommandLineError) {
      projection = parsed.flag("projection-matrix")
      view = parsed.flag("view-matrix")
      guard projection || view else {
        for name in Self.matrixOnly where parsed.string(name) != nil {
          throw .usage("option --\(name) needs --projection-matrix or --view-matrix")
        }
        return nil
      }
    }

    func run(_ parsed: ParsedArguments) throws(CommandLineError) -> String {
      guard parsed.positional.isEmpty else {
        throw .usage("no input file is read with --projection-matrix or --view-matrix")
      }
      if !projection {
        for name in ["viewport", "z-near", "z-far", "intrinsics", "distortion", "image-size"]
        where parsed.string(name) != nil {
          throw .usage("option --\(name) needs --projection-matrix")
        }
      }
      guard
        let orientation = try parsed.named(
          "interface-orientation", as: InterfaceOrientation.self)
      else { throw .usage("option --interface-orientation is required for the matrices") }
      var output = Output()
      if projection {
        output.projectionMatrix = try Self.projectionMatrix(parsed, orientation: orientation)
      }
      if view {
        let pose = try Self.worldFromCamera(parsed)
        output.viewMatrix = Camera.viewMatrix(worldFromCamera: pose, for: orientation).columnMajor
      }
      return try JSONOutput.string(output, pretty: false)
    }

    private static func projectionMatrix(
      _ parsed: ParsedArguments, orientation: InterfaceOrientation
    ) throws(CommandLineError) -> [Float] {
      let imageSize = try parsed.size("image-size") ?? Size(width: 1920, height: 1440)
      guard let camera = try CameraOptions.camera(from: parsed, imageResolution: imageSize) else {
        throw .usage("option --intrinsics is required for --projection-matrix")
      }
      guard let viewport = try parsed.size("viewport") else {
        throw .usage("option --viewport is required for --projection-matrix")
      }
      guard let near = try parsed.numbers("z-near", count: 1)?[0] else {
        throw .usage("option --z-near is required for --projection-matrix")
      }
      guard let far = try parsed.numbers("z-far", count: 1)?[0] else {
        throw .usage("option --z-far is required for --projection-matrix")
      }
      guard near > 0 else { throw .usage("option --z-near: must be > 0, got \(near)") }
      guard far > near else {
        throw .usage("option --z-far: must be greater than --z-near (\(near)), got \(far)")
      }
      let matrix = camera.projectionMatrix(
        for: orientation, viewportSize: viewport, zNear: near, zFar: far)
      guard matrix.isFinite else {
        throw .usage(
          "option --z-far: the projection matrix is not finite for z-near \(near), z-far \(far)")
      }
      return matrix.columnMajor
    }

    /// `--camera-transform` (identity when absent), checked to be rigid.
    private static func worldFromCamera(
      _ parsed: ParsedArguments
    ) throws(CommandLineError) -> Matrix4x4 {
      guard let values = try parsed.numbers("camera-transform", count: 16) else {
        return .identity
      }
      guard let matrix = try? Matrix4x4(columnMajor: values.map(Float.init)), matrix.isFinite else {
        throw .usage(
          "option --camera-transform: \(CameraError.transformNotFinite.description)")
      }
      guard (try? RigidTransform(matrix)) != nil else {
        throw .usage(
          "option --camera-transform: \(CameraError.transformNotRigid.description)")
      }
      return matrix
    }

    /// The JSON object: only the requested keys appear.
    private struct Output: Encodable {
      var projectionMatrix: [Float]?
      var viewMatrix: [Float]?
    }
  }
}
