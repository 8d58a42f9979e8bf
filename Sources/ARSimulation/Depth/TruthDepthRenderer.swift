import SpatialMath

/// The noise-free depth of a scene's true surfaces as a pinhole camera sees them: the batched
/// mesh raycaster (``BatchMeshScene``) run over a depth-map-sized pixel grid.
///
/// Geometry: depth pixel `(column, row)` of a `width` x `height` map looks through the image
/// point at its centre, continuous image pixels `((column + 0.5) * s, (row + 0.5) * t)` with
/// `s = imageWidth / width`, `t = imageHeight / height` (the captured image's landscape
/// orientation). Its value is the z-depth of the nearest surface hit (metres along the camera's
/// `-z`): for a plane `n·x = d` in camera space seen along the unit ray `r`, the hit distance is
/// `d / (n·r)` and the z-depth is that times `-r.z`. Lens distortion is not applied (the rays are
/// pinhole rays). Both faces of every surface are seen.
public struct TruthDepthRenderer: Sendable {
  /// One rendered frame: the z-depth per pixel (metres; `0` where the ray hit nothing) and the
  /// cosine of the angle between the ray and the surface normal there (in `[0, 1]`, `0` where
  /// nothing was hit), both row-major.
  public struct Frame: Sendable, Hashable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// Z-depth (metres), 0 = no hit.
    public var depthMeters: [Float]
    /// `|cos|` of the incidence angle, 0 = no hit.
    public var incidenceCosine: [Float]

    /// Creates a frame (arrays of `width * height` values).
    public init(width: Int, height: Int, depthMeters: [Float], incidenceCosine: [Float]) {
      self.width = width
      self.height = height
      self.depthMeters = depthMeters
      self.incidenceCosine = incidenceCosine
    }
  }

  /// The packed surfaces.
  public let scene: BatchMeshScene

  /// Packs `surfaces` (planar shapes as their triangle fans, meshes as they are) in world space.
  public init(surfaces: [TruthSurface]) {
    var vertices: [SIMD3<Float>] = []
    var indices: [UInt32] = []
    for surface in surfaces {
      for (a, b, c) in surface.localTriangles() {
        for p in [a, b, c] {
          indices.append(UInt32(vertices.count))
          vertices.append(surface.worldFromSurface.transformPoint(p))
        }
      }
    }
    // Surfaces are validated (finite poses and vertices), so the packing cannot fail; an empty
    // scene stands in should it ever.
    scene =
      (try? BatchMeshScene(worldVertices: vertices, indices: indices))
      ?? BatchMeshScene(instances: [])
  }

  /// The pixel grid of a `width` x `height` depth map over `camera`'s captured image.
  public static func grid(camera: Camera, width: Int, height: Int) -> BatchPixelGrid {
    let k = camera.intrinsics
    var grid = BatchPixelGrid(
      imageWidth: width, height: height,
      focalLengthPixels: SIMD2(Float(k.focalLengthXPixels), Float(k.focalLengthYPixels)),
      principalPointPixels: SIMD2(
        Float(k.principalPointPixels.x), Float(k.principalPointPixels.y)),
      worldFromCamera: camera.worldFromCamera)
    grid.imagePixelFromGridPixel = AffineTransform2D(
      scaleX: camera.imageResolution.width / Double(width),
      y: camera.imageResolution.height / Double(height))
    return grid
  }

  /// Renders the depth seen by `camera` at `width` x `height` (default ARKit's 256 x 192).
  public func render(
    camera: Camera, width: Int = DepthMap.standardWidth, height: Int = DepthMap.standardHeight
  ) -> Frame {
    let grid = Self.grid(camera: camera, width: width, height: height)
    let result = scene.raycast(grid: grid, barycentrics: false)
    var depth = scene.depthMeters(of: result, grid: grid)
    var cosine = [Float](repeating: 0, count: depth.count)
    let k = camera.intrinsics
    let scaleX = Float(camera.imageResolution.width) / Float(width)
    let scaleY = Float(camera.imageResolution.height) / Float(height)
    let principal = k.principalPointContinuousPixels
    for row in 0..<height {
      for column in 0..<width {
        let i = row * width + column
        guard depth[i].isFinite, let normal = scene.normal(ofTriangle: Int(result.triangleIndex[i]))
        else {
          depth[i] = 0
          continue
        }
        let u = (Float(column) + 0.5) * scaleX
        let v = (Float(row) + 0.5) * scaleY
        let rayCamera = SIMD3(
          (u - Float(principal.x)) / Float(k.focalLengthXPixels),
          -(v - Float(principal.y)) / Float(k.focalLengthYPixels), -1)
        let ray = camera.worldFromCamera.transformDirection(rayCamera).normalized() ?? .zero
        cosine[i] = min(abs(ray.dot(normal)), 1)
      }
    }
    return Frame(width: width, height: height, depthMeters: depth, incidenceCosine: cosine)
  }
}
