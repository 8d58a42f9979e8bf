import ARSimulation
import SpatialMath
import Testing

/// Every expected value is worked by hand from ARCore's definitions of the spaces: the texture is
/// turned clockwise by θ = SENSOR_ORIENTATION - display rotation and scaled about the centre to
/// fill the view; VIEW = VIEW_NORMALIZED * view size; NDC = (2x - 1, 1 - 2y).
@Suite("ARCore transformCoordinates2d")
struct ARCoreCoordinateMappingTests {
  static func mapping(
    _ rotation: ARCore.SurfaceRotation, display: (Int, Int),
    texture: Size = Size(width: 1920, height: 1080),
    image: Size? = nil
  ) throws -> ARCore.CoordinateMapping {
    let geometry = try ARCore.DisplayGeometry(
      rotation: rotation, widthPixels: display.0, heightPixels: display.1)
    return try ARCore.CoordinateMapping(
      displayGeometry: geometry, textureSize: texture, imageSize: image ?? texture)
  }

  static func map(
    _ m: ARCore.CoordinateMapping, _ p: Point, _ from: ARCore.Coordinates2d,
    _ to: ARCore.Coordinates2d
  ) -> Point {
    m.transformCoordinates2d(from: from, [p], to: to)[0]
  }

  @Test("Portrait phone (ROTATION_0, 90° sensor): VIEW_NORMALIZED -> TEXTURE_NORMALIZED")
  func portrait() throws {
    // A 1920x1080 texture turned 90° clockwise is 1080x1920; on a 1080x2340 view the fill scale
    // is s = max(1080/1080, 2340/1920) = 1.21875, so kx = 1.21875 and ky = 1. View x' =
    // (xr - 0.5)·1.21875 + 0.5 with xr = 1 - t, and y' = yr = s.
    let m = try Self.mapping(.rotation0, display: (1080, 2340))
    #expect(m.imageRotationQuarterTurns == 1)
    let centre = Self.map(m, Point(x: 0.5, y: 0.5), .viewNormalized, .textureNormalized)
    #expect(centre.isApproximatelyEqual(to: Point(x: 0.5, y: 0.5), tolerance: 1e-12))
    // View (0, 0): xr = 0.5 - 0.5/1.21875 = 0.0897436, so t = 0.9102564 and s = 0.
    let corner = Self.map(m, Point(x: 0, y: 0), .viewNormalized, .textureNormalized)
    #expect(corner.isApproximatelyEqual(to: Point(x: 0, y: 0.5 + 0.5 / 1.21875), tolerance: 1e-12))
    // View (1, 1): xr = 0.5 + 0.5/1.21875, t = 0.0897436, s = 1.
    let far = Self.map(m, Point(x: 1, y: 1), .viewNormalized, .textureNormalized)
    #expect(far.isApproximatelyEqual(to: Point(x: 1, y: 0.5 - 0.5 / 1.21875), tolerance: 1e-12))
  }

  @Test("ROTATION_0 agrees with the inverse of ARKit's portrait display transform")
  func portraitMatchesARKit() throws {
    let m = try Self.mapping(.rotation0, display: (1080, 2340))
    let arkit = try #require(
      try AffineTransform2D.displayTransform(
        imageResolution: Size(width: 1920, height: 1080), orientation: .portrait,
        viewportSize: Size(width: 1080, height: 2340)
      ).inverted())
    for p in [Point(x: 0.1, y: 0.9), Point(x: 0.7, y: 0.2), Point(x: 0.33, y: 0.66)] {
      let arcore = Self.map(m, p, .viewNormalized, .textureNormalized)
      #expect(arcore.isApproximatelyEqual(to: p.applying(arkit), tolerance: 1e-12))
    }
  }

  @Test(
    "The other display rotations: where VIEW_NORMALIZED (0, 0) lands in the texture",
    arguments: [
      // ROTATION_90: θ = 0 on a 2340x1080 view: kx = 1, ky = 1.21875: (0, 0.5 - 0.5/1.21875).
      (ARCore.SurfaceRotation.rotation90, (2340, 1080), 0, Point(x: 0, y: 0.5 - 0.5 / 1.21875)),
      // ROTATION_180: θ = 270 (xr = t, yr = 1 - s) on 1080x2340: xr = 0.0897 -> t; yr = 0 -> s = 1.
      (.rotation180, (1080, 2340), 3, Point(x: 1, y: 0.5 - 0.5 / 1.21875)),
      // ROTATION_270: θ = 180 (xr = 1 - s, yr = 1 - t) on 2340x1080: s = 1, t = 1 - 0.0897.
      (.rotation270, (2340, 1080), 2, Point(x: 1, y: 0.5 + 0.5 / 1.21875)),
    ])
  func otherRotations(
    rotation: ARCore.SurfaceRotation, display: (Int, Int), turns: Int, expected: Point
  ) throws {
    let m = try Self.mapping(rotation, display: display)
    #expect(m.imageRotationQuarterTurns == turns)
    let corner = Self.map(m, Point(x: 0, y: 0), .viewNormalized, .textureNormalized)
    #expect(corner.isApproximatelyEqual(to: expected, tolerance: 1e-12))
  }

  @Test("VIEW, VIEW_NORMALIZED and OPENGL_NORMALIZED_DEVICE_COORDINATES")
  func viewSpaces() throws {
    let m = try Self.mapping(.rotation0, display: (1080, 2340))
    // (270, 1755) / (1080, 2340) = (0.25, 0.75); NDC (2·0.25 - 1, 1 - 2·0.75) = (-0.5, -0.5).
    let normalized = Self.map(m, Point(x: 270, y: 1755), .view, .viewNormalized)
    #expect(normalized.isApproximatelyEqual(to: Point(x: 0.25, y: 0.75), tolerance: 1e-12))
    let ndc = Self.map(m, Point(x: 270, y: 1755), .view, .openGLNormalizedDeviceCoordinates)
    #expect(ndc.isApproximatelyEqual(to: Point(x: -0.5, y: -0.5), tolerance: 1e-12))
    // NDC (1, 1) is the view's top-right corner.
    let topRight = Self.map(m, Point(x: 1, y: 1), .openGLNormalizedDeviceCoordinates, .view)
    #expect(topRight.isApproximatelyEqual(to: Point(x: 1080, y: 0), tolerance: 1e-9))
  }

  @Test("640x480 CPU image and 1920x1080 texture of a 4:3 sensor: scale 3, 60 image rows cropped")
  func imageAndTexture() throws {
    let m = try Self.mapping(
      .rotation0, display: (1080, 2340), image: Size(width: 640, height: 480))
    // Both span the sensor's width: u_t = 960 + 3 (u_i - 320), v_t = 540 + 3 (v_i - 240).
    let cases: [(Point, Point)] = [
      (Point(x: 320, y: 240), Point(x: 960, y: 540)), (Point(x: 0, y: 60), Point(x: 0, y: 0)),
      (Point(x: 640, y: 420), Point(x: 1920, y: 1080)), (Point(x: 0, y: 0), Point(x: 0, y: -180)),
    ]
    for (image, texel) in cases {
      #expect(
        Self.map(m, image, .imagePixels, .textureTexels).isApproximatelyEqual(
          to: texel, tolerance: 1e-9))
    }
    // IMAGE_NORMALIZED (0.5, 0.125) = pixel (320, 60) = texel (960, 0) = TEXTURE_NORMALIZED (0.5, 0).
    #expect(
      Self.map(m, Point(x: 0.5, y: 0.125), .imageNormalized, .textureNormalized)
        .isApproximatelyEqual(to: Point(x: 0.5, y: 0), tolerance: 1e-12))
  }

  @Test("Same space in and out copies the points, even non-finite ones")
  func sameSpace() throws {
    let m = try Self.mapping(.rotation90, display: (2340, 1080))
    let points = [Point(x: .nan, y: 1), Point(x: 3, y: .infinity), Point(x: -7, y: 2)]
    for space in ARCore.Coordinates2d.allCases {
      let out = m.transformCoordinates2d(from: space, points, to: space)
      #expect(out[2] == points[2] && out[0].x.isNaN && out[1].y == .infinity)
    }
  }

  @Test("Any space to any other and back is the identity (seeded points, all 49 pairs)")
  func roundTrips() throws {
    let m = try Self.mapping(
      .rotation180, display: (1080, 2340), image: Size(width: 640, height: 480))
    let seed: UInt64 = 11
    var g = SplitMix64(seed: seed)
    for from in ARCore.Coordinates2d.allCases {
      for to in ARCore.Coordinates2d.allCases {
        let p = Point(x: g.uniform(-2...2), y: g.uniform(-2...2))
        let back = Self.map(m, Self.map(m, p, from, to), to, from)
        #expect(back.isApproximatelyEqual(to: p, tolerance: 1e-9), "\(from.name) -> \(to.name)")
      }
    }
  }

  @Test("Names and C values are ARCore's")
  func names() {
    #expect(
      ARCore.Coordinates2d.allNames == [
        "TEXTURE_TEXELS", "TEXTURE_NORMALIZED", "IMAGE_PIXELS", "IMAGE_NORMALIZED",
        "OPENGL_NORMALIZED_DEVICE_COORDINATES", "VIEW", "VIEW_NORMALIZED",
      ])
    #expect(ARCore.Coordinates2d.allCases.map(\.cValue) == [0, 1, 2, 3, 6, 7, 8])
    #expect(ARCore.SurfaceRotation(degrees: 270)?.name == "ROTATION_270")
    #expect(ARCore.SurfaceRotation(degrees: 45) == nil)
    #expect(throws: ARCoreError.viewSizeNotPositive(width: 0, height: 5)) {
      try ARCore.DisplayGeometry(rotation: .rotation0, widthPixels: 0, heightPixels: 5)
    }
  }
}
