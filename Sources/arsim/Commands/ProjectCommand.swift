import ARSimulation
import Foundation
import SpatialMath

/// `arsim project`: world points to image pixels.
enum ProjectCommand {
  static let points = Argument<String?>(
    optional: "FILE", completion: .file,
    help: "A JSON array of world points [[x,y,z], ...] in metres; standard input when absent "
      + "or -.")
  static let imageSize = Option<Size>(
    "image-size", valueName: "WxH", default: Size(width: 1920, height: 1440),
    help: "Captured image size in pixels.")

  static let spec = CommandSpec(
    name: "project", summary: "Project world points to image pixels.",
    usage: [
      "project [FILE] --intrinsics fx,fy,ox,oy [options]",
      "project --projection-matrix --intrinsics fx,fy,ox,oy",
      "        --image-size WxH --viewport WxH",
      "        --interface-orientation NAME --z-near N --z-far F",
      "project --view-matrix --camera-transform m0,...,m15",
      "        --interface-orientation NAME",
    ],
    discussion: """
      Reads world points and prints a JSON array with the image pixel [u,v] of each (top-left \
      origin; pixel (i,j) covers [i,i+1)x[j,j+1)), or null for a point behind the camera \
      (less than 1 mm in front of it, the simulation's near distance). A point in front whose \
      pixel is beyond Double's range, or whose camera-space position is beyond Float's, is an \
      error naming its index. --intrinsics is required.

      Pixel coordinates are continuous: the centre of pixel (i,j) is (i+0.5, j+0.5). ARKit's \
      principal point (ox, oy) counts pixel centres at integers, as OpenCV does, so a \
      camera-space point (x,y,z) lands at

        u = ox + 0.5 + fx*x/(-z),  v = oy + 0.5 - fy*y/(-z)

      and OpenCV's pixel coordinates (cv::projectPoints) are u - 0.5, v - 0.5.

      With --projection-matrix and/or --view-matrix it reads no points and prints ARKit's \
      rendering matrices instead, as one JSON object: {"projectionMatrix": [16 numbers]} is \
      ARCamera.projectionMatrix(for:viewportSize:zNear:zFar:), {"viewMatrix": [16 numbers]} is \
      ARCamera.viewMatrix(for:). Both are column-major as simd stores them: element [4*c + r] \
      is column c, row r (so [8] is column 2, row 0 and [12], [13], [14] hold the translation \
      column). A world point p gives clip = projection * view * (p, 1) and normalized device \
      coordinates clip.xyz / clip.w: x and y in -1...1 across the viewport (+y up), i.e. the \
      viewport point ((x + 1)/2 * width, (1 - y)/2 * height) where projectPoint draws p; z in \
      0...1 as Metal's depth (0 at --z-near, 1 at --z-far); clip.w is the depth in metres.
      """,
    arguments: [points], options: [imageSize] + CameraOptions.options,
    optionGroups: [RenderingMatrices.group], run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    if let matrices = try RenderingMatrices(parsed) { return try matrices.run(parsed) }
    let imageResolution = parsed.value(imageSize)
    guard let camera = try CameraOptions.camera(from: parsed, imageResolution: imageResolution)
    else { throw .usage("option --intrinsics is required") }
    let path = parsed.value(points) ?? "-"
    let worldPoints = try readPoints(path: path, context)
    var pixels: [[Double]?] = []
    pixels.reserveCapacity(worldPoints.count)
    for (index, point) in worldPoints.enumerated() {
      pixels.append(
        try pixel(of: point, camera: camera, place: "\(InputFile.name(path)): $[\(index)]"))
    }
    return try JSONOutput.string(pixels, pretty: false)
  }

  /// The image pixel of a world point, `nil` behind the camera (closer than its near
  /// distance); a point whose camera-space position or pixel cannot be represented is an error
  /// at `place`, never reported as behind the camera.
  private static func pixel(of worldPoint: SIMD3<Float>, camera: Camera, place: String)
    throws(CommandLineError) -> [Double]?
  {
    let cameraPoint = camera.cameraPoint(forWorldPoint: worldPoint)
    guard cameraPoint.isFinite else {
      throw .runtime(
        "\(place): the point is beyond Float's range in camera space (the camera transform "
          + "moves it past \(Float.greatestFiniteMagnitude) m)")
    }
    if let pixel = camera.imagePixel(forCameraPoint: cameraPoint) { return [pixel.x, pixel.y] }
    let depth = Double(-cameraPoint.z)
    guard depth >= Double(camera.nearDistanceMeters), depth > 0 else { return nil }
    throw .runtime(
      "\(place): the point is in front of the camera (depth \(depth) m) but its image pixel is "
        + "beyond Double's range (fx*x/(-z) or fy*y/(-z) overflows)")
  }

  /// Reads `[[x,y,z], ...]`; errors name the file and the element index.
  private static func readPoints(path: String, _ context: CommandContext)
    throws(CommandLineError) -> [SIMD3<Float>]
  {
    let name = InputFile.name(path)
    let values = try NumberTupleInput.read(path: path, count: 3, shape: "[x, y, z]", context)
    var result: [SIMD3<Float>] = []
    result.reserveCapacity(values.count)
    for (index, xyz) in values.enumerated() {
      let point = SIMD3<Float>(Float(xyz[0]), Float(xyz[1]), Float(xyz[2]))
      guard point.isFinite else {
        throw .runtime("\(name): $[\(index)]: coordinates must be finite (and within Float range)")
      }
      result.append(point)
    }
    return result
  }
}
