import ARSimulation
import SpatialMath

extension ProjectCommand {
  /// `arsim project --projection-matrix` / `--view-matrix`: ARKit's rendering matrices
  /// (`Camera.projectionMatrix(for:viewportSize:zNear:zFar:)`, `Camera.viewMatrix(for:)`) as
  /// column-major JSON arrays.
  struct RenderingMatrices {
    static let projectionMatrix = Flag(
      "projection-matrix",
      help: "Print the projection matrix (needs --intrinsics, --viewport, "
        + "--interface-orientation, --z-near, --z-far).")
    static let viewMatrix = Flag(
      "view-matrix",
      help: "Print the view matrix of --camera-transform (needs --interface-orientation; no "
        + "intrinsics).")
    static let viewport = Option<Size?>(
      "viewport", valueName: "WxH", help: "Viewport size in points (with --projection-matrix).")
    static let interfaceOrientation = Option<InterfaceOrientation?>(
      "interface-orientation", valueName: "NAME",
      help: "The interface orientation (with --projection-matrix or --view-matrix).")
    static let zNear = Option<Double?>(
      "z-near", valueName: "N",
      help: "Near clip distance in metres, > 0 (with --projection-matrix).")
    static let zFar = Option<Double?>(
      "z-far", valueName: "F",
      help: "Far clip distance in metres, > --z-near (with --projection-matrix).")

    /// The group in `project`'s help.
    static let group = OptionGroup(
      "RENDERING MATRICES (--projection-matrix, --view-matrix)",
      options: [projectionMatrix, viewMatrix, viewport, interfaceOrientation, zNear, zFar])

    /// The options that only mean something with one of the matrix flags.
    private static let matrixOnly: [any OptionDeclaring] = [
      viewport, interfaceOrientation, zNear, zFar,
    ]

    let projection: Bool
    let view: Bool

    /// `nil` when neither matrix flag is given (then no matrix-only option may be either).
    init?(_ parsed: ParsedArguments) throws(CommandLineError) {
      projection = parsed.flag(Self.projectionMatrix)
      view = parsed.flag(Self.viewMatrix)
      guard projection || view else {
        for option in Self.matrixOnly where parsed.isGiven(option) {
          throw .usage(
            "option \(option.declaration.flagName) needs --projection-matrix or --view-matrix")
        }
        return nil
      }
    }

    func run(_ parsed: ParsedArguments) throws(CommandLineError) -> String {
      guard parsed.value(points) == nil else {
        throw .usage("no input file is read with --projection-matrix or --view-matrix")
      }
      if !projection {
        let projectionOnly: [any OptionDeclaring] = [
          Self.viewport, Self.zNear, Self.zFar, CameraOptions.intrinsics, CameraOptions.distortion,
          imageSize,
        ]
        for option in projectionOnly where parsed.isGiven(option) {
          throw .usage("option \(option.declaration.flagName) needs --projection-matrix")
        }
      }
      guard let orientation = parsed.value(Self.interfaceOrientation) else {
        throw .usage("option --interface-orientation is required for the matrices")
      }
      var output = Output()
      if projection {
        output.projectionMatrix = try Self.projection(parsed, orientation: orientation)
      }
      if view {
        let pose = try Self.worldFromCamera(parsed)
        output.viewMatrix = Camera.viewMatrix(worldFromCamera: pose, for: orientation).columnMajor
      }
      return try JSONOutput.string(output, pretty: false)
    }

    private static func projection(
      _ parsed: ParsedArguments, orientation: InterfaceOrientation
    ) throws(CommandLineError) -> [Float] {
      let imageResolution = parsed.value(imageSize)
      guard let camera = try CameraOptions.camera(from: parsed, imageResolution: imageResolution)
      else { throw .usage("option --intrinsics is required for --projection-matrix") }
      guard let viewportSize = parsed.value(viewport) else {
        throw .usage("option --viewport is required for --projection-matrix")
      }
      guard let near = parsed.value(zNear) else {
        throw .usage("option --z-near is required for --projection-matrix")
      }
      guard let far = parsed.value(zFar) else {
        throw .usage("option --z-far is required for --projection-matrix")
      }
      guard near > 0 else { throw .usage("option --z-near: must be > 0, got \(near)") }
      guard far > near else {
        throw .usage("option --z-far: must be greater than --z-near (\(near)), got \(far)")
      }
      let matrix = camera.projectionMatrix(
        for: orientation, viewportSize: viewportSize, zNear: near, zFar: far)
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
      let values = parsed.value(CameraOptions.cameraTransform)
      guard let matrix = try? Matrix4x4(columnMajor: values.map(Float.init)), matrix.isFinite
      else {
        throw .usage("option --camera-transform: \(CameraError.transformNotFinite.description)")
      }
      guard (try? RigidTransform(matrix)) != nil else {
        throw .usage("option --camera-transform: \(CameraError.transformNotRigid.description)")
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
