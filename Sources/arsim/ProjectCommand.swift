import ARSimulation
import Foundation
import SpatialMath

/// `arsim project`: world points to image pixels.
enum ProjectCommand {
  static let usage = """
    USAGE: arsim project [FILE] --intrinsics fx,fy,ox,oy [options]
           arsim project --projection-matrix --intrinsics fx,fy,ox,oy --image-size WxH
                         --viewport WxH --interface-orientation NAME --z-near N --z-far F
           arsim project --view-matrix --camera-transform N*16 --interface-orientation NAME

    Reads a JSON array of world points [[x,y,z], ...] (metres) from FILE, or from standard input
    when FILE is absent or "-", and prints a JSON array with the image pixel [u,v] (top-left
    origin; pixel (i,j) covers [i,i+1)x[j,j+1)) of each point, or null for a point behind the
    camera.

    Pixel coordinates are continuous: the centre of pixel (i,j) is (i+0.5, j+0.5). ARKit's
    principal point (ox, oy) counts pixel centres at integers, as OpenCV does, so a camera-space
    point (x,y,z) lands at u = ox + 0.5 + fx*x/(-z), v = oy + 0.5 - fy*y/(-z). OpenCV's pixel
    coordinates (cv::projectPoints) are u_opencv = u - 0.5, v_opencv = v - 0.5.

    With --projection-matrix and/or --view-matrix it reads no points and prints ARKit's
    rendering matrices instead, as one JSON object: {"projectionMatrix": [16 numbers]} is
    ARCamera.projectionMatrix(for:viewportSize:zNear:zFar:), {"viewMatrix": [16 numbers]} is
    ARCamera.viewMatrix(for:). Both are column-major as simd stores them: element [4*c + r] is
    column c, row r (so [8] is column 2, row 0 and [12], [13], [14] hold the translation column).
    A world point p gives clip = projection * view * (p, 1) and normalized device coordinates
    clip.xyz / clip.w: x and y in -1...1 across the viewport (+y up), i.e. the viewport point
    ((x + 1)/2 * width, (1 - y)/2 * height) where projectPoint draws p; z in 0...1 as Metal's
    depth (0 at --z-near, 1 at --z-far); clip.w is the depth in metres.

    OPTIONS:
      --image-size WxH            Captured image size in pixels. Default: 1920x1440.
    \(CameraOptions.help)
      --projection-matrix         Print the projection matrix (needs --intrinsics, --viewport,
                                  --interface-orientation, --z-near, --z-far).
      --view-matrix               Print the view matrix of --camera-transform (needs
                                  --interface-orientation; no intrinsics).
      --viewport WxH              Viewport size in points (with --projection-matrix).
      --interface-orientation NAME
                                  portrait, portraitUpsideDown, landscapeLeft, landscapeRight
                                  (with --projection-matrix or --view-matrix).
      --z-near N, --z-far F       Clip distances in metres, 0 < N < F (with --projection-matrix).
      --help                      Show this help.
    """

  static let options: [String: ParsedArguments.Arity] = CameraOptions.specs.merging(
    ["image-size": .one].merging(RenderingMatrices.options) { a, _ in a }
  ) { a, _ in a }

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    if let matrices = try RenderingMatrices(parsed) { return try matrices.run(parsed) }
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
    var points: [SIMD3<Float>] = []
    for (index, xyz) in try NumberTupleInput.read(path: path, count: 3, shape: "[x, y, z]")
      .enumerated()
    {
      let point = SIMD3<Float>(Float(xyz[0]), Float(xyz[1]), Float(xyz[2]))
      guard point.isFinite else {
        throw .runtime("\(name): $[\(index)]: coordinates must be finite (and within Float range)")
      }
      points.append(point)
    }
    return points
  }
}
