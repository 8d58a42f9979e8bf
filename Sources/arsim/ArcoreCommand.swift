import ARSimulation
import SpatialMath

/// `arsim arcore transform`: ARCore's `Frame.transformCoordinates2d` on the command line.
enum ArcoreCommand {
  static let usage = """
    USAGE: arsim arcore transform --from TYPE --to TYPE --display WxH --rotation 0|90|180|270
                                  --texture-size WxH [--image-size WxH] [FILE]

    Converts 2D points between ARCore's coordinate systems as Frame.transformCoordinates2d does
    for a display geometry set by Session.setDisplayGeometry(rotation, width, height). Reads a
    JSON array [[x, y], ...] from FILE, or from standard input when FILE is absent or "-", and
    prints the converted points as a JSON array of [x, y].

    Spaces (TYPE, spelled as ARCore's Coordinates2d constants):
      IMAGE_PIXELS, IMAGE_NORMALIZED          the CPU image, unrotated, top-left origin
      TEXTURE_TEXELS, TEXTURE_NORMALIZED      the GPU texture, unrotated, top-left origin
      VIEW, VIEW_NORMALIZED                   the view, display-rotated, top-left origin
      OPENGL_NORMALIZED_DEVICE_COORDINATES    the view as (2x - 1, 1 - 2y), -1...1, +y up

    The texture is turned clockwise by SENSOR_ORIENTATION - rotation (a portrait phone at
    rotation 0 with the usual 90° sensor: 90°) and scaled about its centre to fill the view
    (aspect fill, centred crop). The CPU image and the texture are the largest centred crops of
    one 4:3 sensor with their own aspect (a 640x480 image and a 1920x1080 texture: scale 3, the
    texture's rows are the image's middle 360). Pixel coordinates are continuous (pixel (i, j)
    covers [i, i+1) x [j, j+1)).

    OPTIONS:
      --from TYPE                 The input space (required).
      --to TYPE                   The output space (required).
      --display WxH               The view size in pixels, display-rotated (required).
      --rotation DEGREES          The display rotation, Surface.ROTATION_0/90/180/270: 0, 90,
                                  180 or 270 (required).
      --texture-size WxH          The GPU texture size in texels (required).
      --image-size WxH            The CPU image size in pixels. Default: the texture size.
      --sensor-orientation DEGREES
                                  CameraCharacteristics.SENSOR_ORIENTATION: 0, 90, 180 or 270.
                                  Default: 90 (the back camera of most phones).
      --help                      Show this help.
    """

  static let options: [String: ParsedArguments.Arity] = [
    "from": .one, "to": .one, "display": .one, "rotation": .one, "texture-size": .one,
    "image-size": .one, "sensor-orientation": .one,
  ]

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    guard let subcommand = arguments.first, subcommand != "--help", subcommand != "-h" else {
      return usage
    }
    guard subcommand == "transform" else {
      throw .usage("unknown arcore subcommand \"\(subcommand)\"; expected: transform")
    }
    let parsed = try ParsedArguments(Array(arguments.dropFirst()), options: options)
    if parsed.wantsHelp { return usage }
    guard parsed.positional.count <= 1 else {
      throw .usage("expected at most one input file, got \(parsed.positional.count)")
    }
    guard let from = try parsed.named("from", as: ARCore.Coordinates2d.self) else {
      throw .usage("option --from is required")
    }
    guard let to = try parsed.named("to", as: ARCore.Coordinates2d.self) else {
      throw .usage("option --to is required")
    }
    let mapping = try Self.mapping(parsed)
    let path = parsed.positional.first ?? "-"
    let points = try NumberTupleInput.read(path: path, count: 2, shape: "[x, y]").map {
      Point(x: $0[0], y: $0[1])
    }
    let output = mapping.transformCoordinates2d(from: from, points, to: to).map { [$0.x, $0.y] }
    return try JSONOutput.string(output, pretty: false)
  }

  /// The coordinate mapping of the display and stream options.
  static func mapping(_ parsed: ParsedArguments) throws(CommandLineError)
    -> ARCore.CoordinateMapping
  {
    guard let display = try parsed.size("display") else {
      throw .usage("option --display is required")
    }
    guard display.width == display.width.rounded(), display.height == display.height.rounded(),
      display.width <= Double(Int32.max), display.height <= Double(Int32.max)
    else {
      throw .usage("option --display: width and height must be whole pixels, got \(display)")
    }
    guard let rotationText = parsed.string("rotation") else {
      throw .usage("option --rotation is required")
    }
    guard let degrees = Int(rotationText), let rotation = ARCore.SurfaceRotation(degrees: degrees)
    else {
      throw .usage("option --rotation: expected 0, 90, 180 or 270, got \"\(rotationText)\"")
    }
    guard let texture = try parsed.size("texture-size") else {
      throw .usage("option --texture-size is required")
    }
    let image = try parsed.size("image-size") ?? texture
    var sensor = 90
    if let text = parsed.string("sensor-orientation") {
      guard let value = Int(text), [0, 90, 180, 270].contains(value) else {
        throw .usage(
          "option --sensor-orientation: expected 0, 90, 180 or 270, got \"\(text)\"")
      }
      sensor = value
    }
    guard
      let geometry = ARCore.DisplayGeometry(
        rotation: rotation, widthPixels: Int(display.width), heightPixels: Int(display.height)),
      let mapping = ARCore.CoordinateMapping(
        displayGeometry: geometry, textureSize: texture, imageSize: image,
        sensorOrientationDegrees: sensor)
    else {
      throw .usage("option --display: the sizes give no coordinate mapping")
    }
    return mapping
  }
}
