import ARSimulation
import Foundation
import SpatialMath

/// `arsim explain`: the trace of one Vision box through every coordinate space.
enum ExplainCommand {
  static let request = Option<String?>(
    "request", valueName: "FILE", completion: .file,
    help: "Read the request from a JSON file (- for standard input): {\"box\": [x,y,w,h], "
      + "\"imageSize\": [w,h], \"vision\": {...}, \"viewport\": {...}, \"camera\": {...}} with "
      + "the recording format's vision, viewport and camera objects, all optional. Options "
      + "given on the command line override the file.")
  static let box = Option<[Double]?>(
    numbers: "box", count: 4, valueName: "x,y,w,h",
    help: "The Vision box: normalized, lower-left origin, relative to the model input. "
      + "Required, here or in --request.")
  static let imageSize = Option<Size>(
    "image-size", valueName: "WxH", default: Size(width: 1920, height: 1440),
    help: "Captured (landscape) image size in pixels.")
  static let orientation = Option<ImageOrientation>(
    "orientation", valueName: "NAME", default: .right,
    help: "Image orientation given to Vision (right: back camera, portrait).")
  static let crop = Option<ImageCropAndScaleOption>(
    "crop", valueName: "NAME", default: .centerCrop, help: "Vision's crop and scale option.")
  static let modelSize = Option<Size>(
    "model-size", valueName: "WxH", default: Size(width: 416, height: 416),
    help: "Model input size in pixels.")
  static let roi = Option<[Double]?>(
    numbers: "roi", count: 4, valueName: "x,y,w,h",
    help: "Region of interest: normalized, lower-left origin, in the oriented image. "
      + "Default: 0,0,1,1.")
  static let interfaceOrientation = Option<InterfaceOrientation>(
    "interface-orientation", valueName: "NAME", default: .portrait,
    help: "The interface orientation of the view.")
  static let viewport = Option<Size>(
    "viewport", valueName: "WxH", default: Size(width: 390, height: 844),
    help: "Viewport size in points.")
  static let json = Flag("json", help: "Print one JSON object instead of a table.")

  static let spec = CommandSpec(
    name: "explain", summary: "Trace one Vision box through every coordinate space.",
    discussion: """
      Follows one Vision bounding box (normalized, lower-left origin, relative to what the model \
      saw) back through the crop, region of interest and orientation to the captured image, \
      then through the display transform to the viewport and, with --intrinsics, to a world ray.
      """,
    options: [
      request, box, imageSize, orientation, crop, modelSize, roi, interfaceOrientation, viewport,
    ] + CameraOptions.options + [json],
    epilogue: """
      JSON keys: visionNormalized, orientedImageNormalized, imageNormalized, imagePixels, \
      viewportNormalized, viewportPoints ({"x","y","width","height"}; top-left origin except \
      visionNormalized), center (the same keys, each {"x","y"}), displayTransform \
      ({"a","b","c","d","tx","ty"}) and, with --intrinsics, ray ({"origin","direction"}, world).
      """,
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let file = try parsed.value(request).map { path throws(CommandLineError) in
      try ExplainRequestFile.load(path: path, context)
    }
    guard let b = parsed.value(box) ?? file?.box else {
      throw .usage("option --box is required")
    }
    let visionBox = Rect(x: b[0], y: b[1], width: b[2], height: b[3])
    guard visionBox.size.width >= 0, visionBox.size.height >= 0 else {
      throw .usage("option --box: width and height must be >= 0")
    }
    let imageResolution =
      parsed.given(imageSize) ?? file?.imageSize ?? file?.camera?.imageResolution
      ?? parsed.value(imageSize)
    let fileVision = file?.vision
    let regionOfInterest =
      parsed.value(roi).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
      ?? fileVision?.regionOfInterest ?? .unit
    let settings: VisionRequestSettings
    do {
      settings = try VisionRequestSettings(
        orientation: parsed.given(orientation) ?? fileVision?.orientation
          ?? parsed.value(orientation),
        cropAndScale: parsed.given(crop) ?? fileVision?.cropAndScale ?? parsed.value(crop),
        modelInputSize: parsed.given(modelSize) ?? fileVision?.modelInputSize
          ?? parsed.value(modelSize),
        regionOfInterest: regionOfInterest,
        scaleFitAlignment: fileVision?.scaleFitAlignment ?? .center)
    } catch {
      throw .usage("option --roi: \(error)")
    }
    let viewportSize = parsed.given(viewport) ?? file?.viewport?.size ?? parsed.value(viewport)
    let interface =
      parsed.given(interfaceOrientation) ?? file?.viewport?.interfaceOrientation
      ?? parsed.value(interfaceOrientation)
    let view: Viewport
    do {
      view = try Viewport(size: viewportSize, interfaceOrientation: interface)
    } catch {
      throw .usage("option --viewport: \(error.description)")
    }
    let optionCamera = try CameraOptions.camera(from: parsed, imageResolution: imageResolution)
    let camera = optionCamera ?? file?.camera

    let trace: VisionBoxTrace
    do throws(VisionGeometryError) {
      if let camera {
        trace = try VisionBoxTrace(
          visionBox: visionBox, request: settings, camera: camera, viewport: view)
      } else {
        trace = try VisionBoxTrace(
          visionBox: visionBox, request: settings, imageResolution: imageResolution,
          viewport: view)
      }
    } catch {
      if case .boxInvalid = error { throw .usage("option --box: \(error.description)") }
      throw .usage(error.description)
    }
    if let camera, trace.ray == nil {
      // A camera was given, so a missing ray is not "give --intrinsics": say why there is none.
      let k = camera.intrinsics
      let why =
        "no world ray through the box centre: its camera direction is not finite with focal "
        + "lengths \(k.focalLengthXPixels), \(k.focalLengthYPixels) (too small?), or the lens "
        + "distortion cannot be undone there"
      if optionCamera != nil { throw .usage("option --intrinsics: \(why)") }
      throw .runtime(
        "\(InputFile.name(parsed.value(request) ?? "-")): camera: \(TerminalText.escaped(why))")
    }
    return parsed.flag(json) ? try Self.json(trace) : table(trace)
  }

  private static func json(_ trace: VisionBoxTrace) throws(CommandLineError) -> String {
    let c = trace.center
    let output = ExplainOutput(
      visionNormalized: .init(trace.visionNormalized),
      orientedImageNormalized: .init(trace.orientedImageNormalized),
      imageNormalized: .init(trace.imageNormalized), imagePixels: .init(trace.imagePixels),
      viewportNormalized: .init(trace.viewportNormalized),
      viewportPoints: .init(trace.viewportPoints),
      center: .init(
        visionNormalized: .init(c.visionNormalized),
        orientedImageNormalized: .init(c.orientedImageNormalized),
        imageNormalized: .init(c.imageNormalized), imagePixels: .init(c.imagePixels),
        viewportNormalized: .init(c.viewportNormalized), viewportPoints: .init(c.viewportPoints)),
      displayTransform: trace.displayTransform,
      ray: trace.ray.map {
        .init(
          origin: [$0.origin.x, $0.origin.y, $0.origin.z].map(Double.init),
          direction: [$0.direction.x, $0.direction.y, $0.direction.z].map(Double.init))
      })
    return try JSONOutput.string(output)
  }

  private static func table(_ trace: VisionBoxTrace) -> String {
    func f(_ v: Double) -> String { String(format: "%.6g", v) }
    func r(_ rect: Rect) -> String {
      "x \(f(rect.origin.x))  y \(f(rect.origin.y))  w \(f(rect.size.width))  h \(f(rect.size.height))"
    }
    func p(_ point: Point) -> String { "(\(f(point.x)), \(f(point.y)))" }
    let c = trace.center
    let rows: [(String, Rect, Point, String)] = [
      ("vision normalized", trace.visionNormalized, c.visionNormalized, "lower-left, model input"),
      (
        "oriented image norm.", trace.orientedImageNormalized, c.orientedImageNormalized,
        "top-left, upright image"
      ),
      ("image normalized", trace.imageNormalized, c.imageNormalized, "top-left, captured image"),
      ("image pixels", trace.imagePixels, c.imagePixels, "top-left"),
      ("viewport normalized", trace.viewportNormalized, c.viewportNormalized, "top-left"),
      ("viewport points", trace.viewportPoints, c.viewportPoints, "top-left"),
    ]
    var lines = ["space                  box                                          centre"]
    for (name, rect, point, note) in rows {
      let left = name.padding(toLength: 23, withPad: " ", startingAt: 0)
      let box = r(rect).padding(toLength: 45, withPad: " ", startingAt: 0)
      lines.append("\(left)\(box)\(p(point))  [\(note)]")
    }
    let t = trace.displayTransform
    lines.append(
      "display transform      a \(f(t.a))  b \(f(t.b))  c \(f(t.c))  d \(f(t.d))  "
        + "tx \(f(t.tx))  ty \(f(t.ty))")
    if let ray = trace.ray {
      let o = ray.origin
      let d = ray.direction
      lines.append(
        "world ray              origin (\(f(Double(o.x))), \(f(Double(o.y))), \(f(Double(o.z))))"
          + "  direction (\(f(Double(d.x))), \(f(Double(d.y))), \(f(Double(d.z))))")
    } else {
      lines.append("world ray              (give --intrinsics to compute it)")
    }
    return lines.joined(separator: "\n")
  }
}

/// The JSON shape of `arsim explain --json` (a fixed contract).
private struct ExplainOutput: Encodable {
  struct RectJSON: Encodable {
    let x, y, width, height: Double
    init(_ r: Rect) {
      (x, y, width, height) = (r.origin.x, r.origin.y, r.size.width, r.size.height)
    }
  }
  struct PointJSON: Encodable {
    let x, y: Double
    init(_ p: Point) { (x, y) = (p.x, p.y) }
  }
  struct CenterJSON: Encodable {
    let visionNormalized, orientedImageNormalized, imageNormalized, imagePixels,
      viewportNormalized, viewportPoints: PointJSON
  }
  struct RayJSON: Encodable {
    let origin, direction: [Double]
  }
  let visionNormalized, orientedImageNormalized, imageNormalized, imagePixels,
    viewportNormalized, viewportPoints: RectJSON
  let center: CenterJSON
  let displayTransform: AffineTransform2D
  let ray: RayJSON?
}
