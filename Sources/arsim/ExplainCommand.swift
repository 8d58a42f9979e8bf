import ARSimulation
import Foundation
import SpatialMath

/// `arsim explain`: the trace of one Vision box through every coordinate space.
enum ExplainCommand {
  static let usage = """
    USAGE: arsim explain --box x,y,w,h [options]

    Follows one Vision bounding box (normalized, lower-left origin, relative to what the model
    saw) back through the crop, region of interest and orientation to the captured image, then
    through the display transform to the viewport and, with --intrinsics, to a world ray.

    OPTIONS:
      --request FILE              Read the request from a JSON file: {"box": [x,y,w,h],
                                  "imageSize": [w,h], "vision": {...}, "viewport": {...},
                                  "camera": {...}} with the recording format's "vision",
                                  "viewport" and "camera" objects (all optional). Options given
                                  on the command line override the file.
      --box x,y,w,h               The Vision box (required, here or in --request).
      --image-size WxH            Captured (landscape) image size in pixels. Default: 1920x1440.
      --orientation NAME          Image orientation given to Vision: up, upMirrored, down,
                                  downMirrored, leftMirrored, right, rightMirrored, left.
                                  Default: right (back camera, portrait).
      --crop NAME                 centerCrop, scaleFit, scaleFill, scaleFitRotate90CCW,
                                  scaleFillRotate90CCW. Default: centerCrop.
      --model-size WxH            Model input size in pixels. Default: 416x416.
      --roi x,y,w,h               Region of interest, normalized, lower-left origin, in the
                                  oriented image. Default: 0,0,1,1.
      --interface-orientation NAME
                                  portrait, portraitUpsideDown, landscapeLeft, landscapeRight.
                                  Default: portrait.
      --viewport WxH              Viewport size in points. Default: 390x844.
    \(CameraOptions.help)
      --json                      Print one JSON object instead of a table.
      --help                      Show this help.

    JSON keys: visionNormalized, orientedImageNormalized, imageNormalized, imagePixels,
    viewportNormalized, viewportPoints ({"x","y","width","height"}; top-left origin except
    visionNormalized), center (the same keys, each {"x","y"}), displayTransform
    ({"a","b","c","d","tx","ty"}) and, with --intrinsics, ray ({"origin","direction"}, world).
    """

  static let options: [String: ParsedArguments.Arity] = CameraOptions.specs.merging([
    "box": .numbers(count: 4), "image-size": .one, "orientation": .one, "crop": .one,
    "model-size": .one, "roi": .numbers(count: 4), "interface-orientation": .one,
    "viewport": .one, "json": .flag, "request": .one,
  ]) { a, _ in a }

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    guard parsed.positional.isEmpty else {
      throw .usage("unexpected argument \"\(parsed.positional[0])\"")
    }
    let file = try parsed.string("request").map(ExplainRequestFile.load)
    guard let b = try parsed.numbers("box", count: 4) ?? file?.box else {
      throw .usage("option --box is required")
    }
    let box = Rect(x: b[0], y: b[1], width: b[2], height: b[3])
    guard box.size.width >= 0, box.size.height >= 0 else {
      throw .usage("option --box: width and height must be >= 0")
    }
    let imageSize =
      try parsed.size("image-size") ?? file?.imageSize ?? file?.camera?.imageResolution
      ?? Size(width: 1920, height: 1440)
    let fileVision = file?.vision
    let roi =
      try parsed.numbers("roi", count: 4).map {
        Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
      } ?? fileVision?.regionOfInterest ?? .unit
    let request: VisionRequestSettings
    do {
      request = try VisionRequestSettings(
        orientation: parsed.named("orientation", as: ImageOrientation.self)
          ?? fileVision?.orientation ?? .right,
        cropAndScale: parsed.named("crop", as: ImageCropAndScaleOption.self)
          ?? fileVision?.cropAndScale ?? .centerCrop,
        modelInputSize: parsed.size("model-size") ?? fileVision?.modelInputSize
          ?? Size(width: 416, height: 416),
        regionOfInterest: roi, scaleFitAlignment: fileVision?.scaleFitAlignment ?? .center)
    } catch let error as CommandLineError {
      throw error
    } catch {
      throw .usage("option --roi: \(error)")
    }
    let viewportSize =
      try parsed.size("viewport") ?? file?.viewport?.size ?? Size(width: 390, height: 844)
    let interface =
      try parsed.named("interface-orientation", as: InterfaceOrientation.self)
      ?? file?.viewport?.interfaceOrientation ?? .portrait
    let viewport: Viewport
    do {
      viewport = try Viewport(size: viewportSize, interfaceOrientation: interface)
    } catch {
      throw .usage("option --viewport: \(error.description)")
    }
    let camera = try CameraOptions.camera(from: parsed, imageResolution: imageSize) ?? file?.camera

    let trace: VisionBoxTrace
    do throws(VisionGeometryError) {
      if let camera {
        trace = try VisionBoxTrace(
          visionBox: box, request: request, camera: camera, viewport: viewport)
      } else {
        trace = try VisionBoxTrace(
          visionBox: box, request: request, imageResolution: imageSize, viewport: viewport)
      }
    } catch {
      if case .boxInvalid = error { throw .usage("option --box: \(error.description)") }
      throw .usage(error.description)
    }
    return parsed.flag("json") ? try json(trace) : table(trace)
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
