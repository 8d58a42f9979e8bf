import ARSimulation
import SpatialMath
import Testing

@Suite("Display transform")
struct DisplayTransformTests {
  @Test("Same aspect ratio: the transform is the pure rotation of the Coordinate Spaces article")
  func pureRotations() throws {
    // A 1920x1440 image on a viewport with the rotated image's aspect ratio needs no crop, so
    // kx = ky = 1 and the transform is exactly the rotation formula.
    let image = Size(width: 1920, height: 1440)
    let p = Point(x: 0.1, y: 0.3)
    let expected: [(InterfaceOrientation, Size, Point)] = [
      (.landscapeRight, Size(width: 960, height: 720), Point(x: 0.1, y: 0.3)),  // (x, y)
      (.portrait, Size(width: 720, height: 960), Point(x: 0.7, y: 0.1)),  // (1-y, x)
      (.landscapeLeft, Size(width: 960, height: 720), Point(x: 0.9, y: 0.7)),  // (1-x, 1-y)
      (.portraitUpsideDown, Size(width: 720, height: 960), Point(x: 0.3, y: 0.9)),  // (y, 1-x)
    ]
    for (orientation, viewport, want) in expected {
      let t = try AffineTransform2D.displayTransform(
        imageResolution: image, orientation: orientation, viewportSize: viewport)
      #expect(p.applying(t).isApproximatelyEqual(to: want, tolerance: 1e-12), "\(orientation)")
    }
  }

  /// landscapeLeft and portraitUpsideDown with an aspect-fill crop, by hand. 1920x1440 on an
  /// 844x390 landscape view: θ = 180°, the rotated size is 1920x1440, s = max(844/1920,
  /// 390/1440) = 844/1920, kx = s·1920/844 = 1, ky = s·1440/390 = 211/130. The point (0.1, 0.3)
  /// turns to (0.9, 0.7), then x' = 0.9, y' = (0.7 - 0.5)·211/130 + 0.5 = 0.824615...
  /// On a 390x844 view upside down: θ = 270°, rotated size 1440x1920, s = 844/1920,
  /// kx = s·1440/390 = 211/130, ky = 1; (0.1, 0.3) turns to (y, 1 - x) = (0.3, 0.9), then
  /// x' = (0.3 - 0.5)·211/130 + 0.5 = 0.175385..., y' = 0.9.
  @Test("landscapeLeft and portraitUpsideDown with a crop, by hand")
  func croppedLandscapeLeftAndUpsideDown() throws {
    let image = Size(width: 1920, height: 1440)
    let k = 211.0 / 130.0
    let p = Point(x: 0.1, y: 0.3)
    let left = try AffineTransform2D.displayTransform(
      imageResolution: image, orientation: .landscapeLeft,
      viewportSize: Size(width: 844, height: 390))
    #expect(
      p.applying(left).isApproximatelyEqual(
        to: Point(x: 0.9, y: 0.2 * k + 0.5), tolerance: 1e-12))
    // The image's centre stays the view's centre; its top edge (y = 0) maps below the view.
    #expect(
      Point(x: 0.5, y: 0.5).applying(left).isApproximatelyEqual(
        to: Point(x: 0.5, y: 0.5), tolerance: 1e-12))
    #expect(abs(Point(x: 0.5, y: 0).applying(left).y - (0.5 * k + 0.5)) < 1e-12)
    let upsideDown = try AffineTransform2D.displayTransform(
      imageResolution: image, orientation: .portraitUpsideDown,
      viewportSize: Size(width: 390, height: 844))
    #expect(
      p.applying(upsideDown).isApproximatelyEqual(
        to: Point(x: -0.2 * k + 0.5, y: 0.9), tolerance: 1e-12))
  }

  @Test("Portrait 1920x1440 on 375x812 shows about 886.7 image rows across the width")
  func portraitRowsAcrossWidth() throws {
    let t = try AffineTransform2D.displayTransform(
      imageResolution: Size(width: 1920, height: 1440), orientation: .portrait,
      viewportSize: Size(width: 375, height: 812))
    let inverse = try #require(t.inverted())
    // Viewport x runs along image y in portrait; the left and right edges of the view at mid
    // height give the image rows shown.
    let left = Point(x: 0, y: 0.5).applying(inverse)
    let right = Point(x: 1, y: 0.5).applying(inverse)
    let rows = abs(left.y - right.y) * 1440
    // By hand: s = max(375/1440, 812/1920) = 812/1920, so 375/s = 375*1920/812 = 886.699 rows.
    #expect(abs(rows - 375.0 * 1920.0 / 812.0) < 1e-9)
    #expect(abs(rows - 886.7) < 0.01)
    // The whole 1920-pixel image width fits the 812-point height exactly (ky = 1).
    #expect(abs(Point(x: 0, y: 0.5).applying(t).y - 0) < 1e-12)
    #expect(abs(Point(x: 1, y: 0.5).applying(t).y - 1) < 1e-12)
  }

  @Test("The recording format's example transform (portrait, 390x844)")
  func designExample() throws {
    let t = try AffineTransform2D.displayTransform(
      imageResolution: Size(width: 1920, height: 1440), orientation: .portrait,
      viewportSize: Size(width: 390, height: 844))
    // kx = (844/1920)*1440/390 = 1.62308, tx = (1 - y)*kx + (1 - kx)/2 at y = 0 -> (1 + kx)/2.
    let kx = (844.0 / 1920.0) * 1440.0 / 390.0
    #expect(
      t.isApproximatelyEqual(
        to: AffineTransform2D(a: 0, b: 1, c: -kx, d: 0, tx: (1 + kx) / 2, ty: 0), tolerance: 1e-12))
    #expect(abs(t.c - -1.62) < 0.005 && abs(t.tx - 1.31) < 0.005)
  }

  @Test(
    "Invalid sizes throw an error naming the size",
    arguments: [
      Size(width: 0, height: 10), Size(width: -1, height: 5),
      Size(width: .nan, height: 5), Size(width: .infinity, height: 5),
    ])
  func invalidSizes(size: Size) throws {
    let good = Size(width: 100, height: 100)
    // Compared by the size's bits: a NaN width is not == to itself.
    func refused(_ error: DisplayGeometryError?) -> Size? {
      switch error {
      case .imageResolutionNotPositive(let s), .viewportSizeNotPositive(let s),
        .layerSizeNotPositive(let s):
        s
      default: nil
      }
    }
    let bits = { (s: Size?) in s.map { [$0.width.bitPattern, $0.height.bitPattern] } }
    let image = #expect(throws: DisplayGeometryError.self) {
      try AffineTransform2D.displayTransform(
        imageResolution: size, orientation: .portrait, viewportSize: good)
    }
    #expect(bits(refused(image)) == bits(size))
    if case .imageResolutionNotPositive = image {
    } else {
      Issue.record("got \(String(describing: image))")
    }
    let viewport = #expect(throws: DisplayGeometryError.self) {
      try AffineTransform2D.displayTransform(
        imageResolution: good, orientation: .portrait, viewportSize: size)
    }
    if case .viewportSizeNotPositive = viewport {
    } else {
      Issue.record("got \(String(describing: viewport))")
    }
    #expect(bits(refused(viewport)) == bits(size))
    let made = #expect(throws: DisplayGeometryError.self) {
      try Viewport(size: size, interfaceOrientation: .portrait)
    }
    if case .viewportSizeNotPositive = made {
    } else {
      Issue.record("got \(String(describing: made))")
    }
    let layer = #expect(throws: DisplayGeometryError.self) {
      try PreviewLayerGeometry(imageResolution: good, layerSize: size, videoGravity: .resize)
    }
    if case .layerSizeNotPositive = layer {
    } else {
      Issue.record("got \(String(describing: layer))")
    }
    #expect(bits(refused(layer)) == bits(size))
  }

  @Test("Aspect ratios too far apart to invert are refused, not turned into infinities")
  func scaleOutOfRange() {
    // Landscape right (no rotation): sx = vw / W = 1e200 / 1e-200 = 1e400, beyond Double, so
    // s = max(sx, sy) and kx = s * W / vw are infinite.
    let image = Size(width: 1e-200, height: 1e200)
    let viewport = Size(width: 1e200, height: 1e-200)
    #expect(
      throws: DisplayGeometryError.scaleOutOfRange(imageResolution: image, viewportSize: viewport)
    ) {
      try AffineTransform2D.displayTransform(
        imageResolution: image, orientation: .landscapeRight, viewportSize: viewport)
    }
  }
}

@Suite("Preview layer geometry")
struct PreviewLayerGeometryTests {
  let image = Size(width: 1920, height: 1080)
  let layer = Size(width: 1000, height: 1000)

  @Test("resizeAspect letterboxes: 1920x1080 in 1000x1000 is 1000x562.5 at y 218.75")
  func aspectFit() throws {
    let g = try PreviewLayerGeometry(
      imageResolution: image, layerSize: layer, videoGravity: .resizeAspect)
    let r = g.layerRectConverted(fromMetadataOutputRect: .unit)
    #expect(
      r.isApproximatelyEqual(to: Rect(x: 0, y: 218.75, width: 1000, height: 562.5), tolerance: 1e-9)
    )
  }

  @Test("resizeAspectFill crops: the image is 1777.8 wide, starting at -388.9")
  func aspectFill() throws {
    let g = try PreviewLayerGeometry(
      imageResolution: image, layerSize: layer, videoGravity: .resizeAspectFill)
    let r = g.layerRectConverted(fromMetadataOutputRect: .unit)
    let width = 1920.0 * 1000.0 / 1080.0
    #expect(
      r.isApproximatelyEqual(
        to: Rect(x: (1000 - width) / 2, y: 0, width: width, height: 1000), tolerance: 1e-9))
  }

  @Test("resize stretches the unit rect to the layer bounds")
  func resize() throws {
    let g = try PreviewLayerGeometry(
      imageResolution: image, layerSize: layer, videoGravity: .resize)
    let r = g.layerRectConverted(
      fromMetadataOutputRect: Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25))
    #expect(
      r.isApproximatelyEqual(to: Rect(x: 250, y: 500, width: 500, height: 250), tolerance: 1e-9))
  }

  /// Portrait layers, by hand: 1920x1080 content turned 90° clockwise is 1080x1920. The
  /// metadata rect (0, 0, 0.5, 0.25) turns with (x, y) -> (1 - y, x) to x 0.75...1, y 0...0.5.
  /// resizeAspectFill on 390x844: s = max(390/1080, 844/1920) = 844/1920, content 474.75 x 844
  /// at x = (390 - 474.75)/2 = -42.375, so the rect is x = -42.375 + 0.75·474.75 = 313.6875,
  /// width 0.25·474.75 = 118.6875, y 0, height 422. resizeAspect: s = 390/1080, content
  /// 390 x 693.33 at y = (844 - 693.33)/2 = 75.33, so x = 292.5, width 97.5, y = 75.33,
  /// height 346.67. resize: content 390 x 844, so x = 292.5, width 97.5, y 0, height 422.
  @Test(
    "Portrait layers for each gravity, by hand",
    arguments: [
      (VideoGravity.resizeAspectFill, Rect(x: 313.6875, y: 0, width: 118.6875, height: 422)),
      (
        .resizeAspect,
        Rect(x: 292.5, y: (844 - 1920 * 390 / 1080.0) / 2, width: 97.5, height: 960 * 390 / 1080.0)
      ),
      (.resize, Rect(x: 292.5, y: 0, width: 97.5, height: 422)),
    ])
  func portraitByHand(gravity: VideoGravity, expected: Rect) throws {
    let g = try PreviewLayerGeometry(
      imageResolution: image, layerSize: Size(width: 390, height: 844), videoGravity: gravity,
      orientation: .portrait)
    let r = g.layerRectConverted(fromMetadataOutputRect: Rect(x: 0, y: 0, width: 0.5, height: 0.25))
    #expect(r.isApproximatelyEqual(to: expected, tolerance: 1e-9), "\(gravity): \(r)")
  }

  @Test(
    "Round trip for every gravity and orientation",
    arguments: VideoGravity.allCases, InterfaceOrientation.allCases)
  func roundTrip(gravity: VideoGravity, orientation: InterfaceOrientation) throws {
    let g = try PreviewLayerGeometry(
      imageResolution: image, layerSize: Size(width: 390, height: 844), videoGravity: gravity,
      orientation: orientation)
    let rect = Rect(x: 0.12, y: 0.34, width: 0.2, height: 0.1)
    let back = g.metadataOutputRectConverted(
      fromLayerRect: g.layerRectConverted(fromMetadataOutputRect: rect))
    #expect(back.isApproximatelyEqual(to: rect, tolerance: 1e-9))
  }
}
