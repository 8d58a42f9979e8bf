import ARSimulation
import SpatialMath

/// `arsim arcore`: ARCore's conventions on the command line; `arsim arcore transform` is
/// ARCore's `Frame.transformCoordinates2d`.
enum ArcoreCommand {
  /// A rotation in degrees that is a whole number of quarter turns (`ARCore.rightAngleDegrees`).
  struct QuarterTurnDegrees: ExpressibleByArgument {
    let degrees: Int
    static var allValueStrings: [String] { ARCore.rightAngleDegrees.map(String.init) }
    var argumentDescription: String { "\(degrees)" }

    init(degrees: Int) { self.degrees = degrees }

    init(argument: String) throws(ArgumentValueError) {
      guard Self.allValueStrings.contains(argument), let degrees = Int(argument) else {
        throw .unknownValue(argument, validValues: Self.allValueStrings)
      }
      self.degrees = degrees
    }
  }

  static let input = Argument<String?>(
    optional: "FILE", completion: .file,
    help: "A JSON array of points [[x, y], ...]; standard input when absent or -.")
  static let from = Option<ARCore.Coordinates2d>(
    required: "from", valueName: "TYPE", help: "The input space.")
  static let to = Option<ARCore.Coordinates2d>(
    required: "to", valueName: "TYPE", help: "The output space.")
  static let display = Option<Size>(
    required: "display", valueName: "WxH",
    help: "The view size in pixels, display-rotated (whole pixels).")
  static let rotation = Option<QuarterTurnDegrees>(
    required: "rotation", valueName: "DEGREES",
    help: "The display rotation, Surface.ROTATION_0/90/180/270, in degrees.")
  static let textureSize = Option<Size>(
    required: "texture-size", valueName: "WxH", help: "The GPU texture size in texels.")
  static let imageSize = Option<Size?>(
    "image-size", valueName: "WxH",
    help: "The CPU image size in pixels. Default: the texture size.")
  static let sensorOrientation = Option<QuarterTurnDegrees>(
    "sensor-orientation", valueName: "DEGREES", default: QuarterTurnDegrees(degrees: 90),
    help: "CameraCharacteristics.SENSOR_ORIENTATION (90 for the back camera of most phones).")

  static let transform = CommandSpec(
    name: "arcore transform", summary: "Transform points between ARCore's 2D spaces.",
    discussion: """
      Converts 2D points between ARCore's coordinate systems as Frame.transformCoordinates2d \
      does for a display geometry set by Session.setDisplayGeometry(rotation, width, height), \
      and prints the converted points as a JSON array of [x, y].

      Spaces (TYPE, spelled as ARCore's Coordinates2d constants):
        IMAGE_PIXELS, IMAGE_NORMALIZED        CPU image, unrotated, top-left origin
        TEXTURE_TEXELS, TEXTURE_NORMALIZED    GPU texture, unrotated, top-left origin
        VIEW, VIEW_NORMALIZED                 view, display-rotated, top-left origin
        OPENGL_NORMALIZED_DEVICE_COORDINATES  view as (2x - 1, 1 - 2y), -1...1, +y up

      The texture is turned clockwise by SENSOR_ORIENTATION - rotation (a portrait phone at \
      rotation 0 with the usual 90° sensor: 90°) and scaled about its centre to fill the view \
      (aspect fill, centred crop). The CPU image and the texture are the largest centred crops \
      of one 4:3 sensor with their own aspect (a 640x480 image and a 1920x1080 texture: scale \
      3, the texture's rows are the image's middle 360). Pixel coordinates are continuous \
      (pixel (i, j) covers [i, i+1) x [j, j+1)).
      """,
    arguments: [input],
    options: [from, to, display, rotation, textureSize, imageSize, sensorOrientation],
    run: run)

  static let spec = CommandSpec(
    group: "arcore", summary: "ARCore's conventions: transform points between ARCore's 2D spaces.",
    discussion: "ARCore's conventions on the command line.", subcommands: [transform])

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let mapping = try Self.mapping(parsed)
    let path = parsed.value(input) ?? "-"
    let points = try NumberTupleInput.read(path: path, count: 2, shape: "[x, y]", context).map {
      Point(x: $0[0], y: $0[1])
    }
    let output = mapping.transformCoordinates2d(
      from: parsed.value(from), points, to: parsed.value(to)
    ).map { [$0.x, $0.y] }
    return try JSONOutput.string(output, pretty: false)
  }

  /// The display geometry of `--display` and `--rotation`.
  static func displayGeometry(_ parsed: ParsedArguments) throws(CommandLineError)
    -> ARCore.DisplayGeometry
  {
    let view = parsed.value(display)
    guard view.width == view.width.rounded(), view.height == view.height.rounded(),
      view.width <= Double(Int32.max), view.height <= Double(Int32.max)
    else {
      throw .usage(
        "option --display: width and height must be whole pixels, got \(view.argumentDescription)")
    }
    // The declared values are exactly the four quarter turns.
    let surface = ARCore.SurfaceRotation(degrees: parsed.value(rotation).degrees) ?? .rotation0
    do {
      return try ARCore.DisplayGeometry(
        rotation: surface, widthPixels: Int(view.width), heightPixels: Int(view.height))
    } catch {
      throw .usage("option --display: \(error.description)")
    }
  }

  /// The coordinate mapping of the display and stream options.
  static func mapping(_ parsed: ParsedArguments) throws(CommandLineError)
    -> ARCore.CoordinateMapping
  {
    let geometry = try displayGeometry(parsed)
    let texture = parsed.value(textureSize)
    do {
      return try ARCore.CoordinateMapping(
        displayGeometry: geometry, textureSize: texture,
        imageSize: parsed.value(imageSize) ?? texture,
        sensorOrientationDegrees: parsed.value(sensorOrientation).degrees)
    } catch {
      throw .usage("option --display: \(error.description)")
    }
  }
}

extension ARCore.Coordinates2d: ExpressibleByArgument {}
