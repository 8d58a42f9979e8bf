import ARSimulation
import Foundation
import SpatialMath

/// `arsim project`: world points to image pixels.
enum ProjectCommand {
  static let usage = """
    USAGE: arsim project [FILE] --intrinsics fx,fy,ox,oy [options]

    Reads a JSON array of world points [[x,y,z], ...] (metres) from FILE, or from standard input
    when FILE is absent or "-", and prints a JSON array with the image pixel [u,v] (top-left
    origin; pixel (i,j) covers [i,i+1)x[j,j+1)) of each point, or null for a point behind the
    camera.

    Pixel coordinates are continuous: the centre of pixel (i,j) is (i+0.5, j+0.5). ARKit's
    principal point (ox, oy) counts pixel centres at integers, as OpenCV does, so a camera-space
    point (x,y,z) lands at u = ox + 0.5 + fx*x/(-z), v = oy + 0.5 - fy*y/(-z). OpenCV's pixel
    coordinates (cv::projectPoints) are u_opencv = u - 0.5, v_opencv = v - 0.5.

    OPTIONS:
      --image-size WxH            Captured image size in pixels. Default: 1920x1440.
    \(CameraOptions.help)
      --help                      Show this help.
    """

  static let options: [String: ParsedArguments.Arity] = CameraOptions.specs.merging([
    "image-size": .one
  ]) { a, _ in a }

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    guard parsed.positional.count <= 1 else {
      throw .usage("expected at most one input file, got \(parsed.positional.count)")
    }
    let imageSize = try parsed.size("image-size") ?? Size(width: 1920, height: 1440)
    guard let camera = try CameraOptions.camera(from: parsed, imageResolution: imageSize) else {
      throw .usage("option --intrinsics is required")
    }
    let path = parsed.positional.first ?? "-"
    let points = try readPoints(path: path)
    let pixels: [[Double]?] = points.map { point in
      camera.projectToImagePixels(point).map { [$0.x, $0.y] }
    }
    return try JSONOutput.string(pixels, pretty: false)
  }

  /// Reads `[[x,y,z], ...]`; errors name the file and the element index.
  private static func readPoints(path: String) throws(CommandLineError) -> [SIMD3<Float>] {
    let name = path == "-" ? "<stdin>" : path
    let data: Data
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      guard let contents = FileManager.default.contents(atPath: path) else {
        throw .runtime("\(name): cannot read the file")
      }
      data = contents
    }
    try JSONPath.requireValidJSON(data, name: name)
    let values: [[Double]]
    do {
      values = try JSONDecoder().decode([[Double]].self, from: data)
    } catch let error as DecodingError {
      throw .runtime("\(name): \(JSONPath.describe(error))")
    } catch {
      throw .runtime("\(name): \(error.localizedDescription)")
    }
    var points: [SIMD3<Float>] = []
    points.reserveCapacity(values.count)
    for (index, xyz) in values.enumerated() {
      guard xyz.count == 3 else {
        throw .runtime("\(name): $[\(index)]: expected [x, y, z], got \(xyz.count) numbers")
      }
      let point = SIMD3<Float>(Float(xyz[0]), Float(xyz[1]), Float(xyz[2]))
      guard point.isFinite else {
        throw .runtime("\(name): $[\(index)]: coordinates must be finite (and within Float range)")
      }
      points.append(point)
    }
    return points
  }
}
