import ARSimulation
import SpatialMath
import Testing

@Suite("Vision geometry")
struct VisionGeometryTests {
  func geometry(
    _ orientation: ImageOrientation, _ crop: ImageCropAndScaleOption, model: Size,
    image: Size, roi: Rect = .unit, alignment: ScaleFitAlignment = .center
  ) throws -> VisionGeometry {
    try VisionGeometry(
      settings: VisionRequestSettings(
        orientation: orientation, cropAndScale: crop, modelInputSize: model,
        regionOfInterest: roi, scaleFitAlignment: alignment),
      imageResolution: image)
  }

  @Test("centerCrop of 1920x1080 to a square: Vision x 0...1 is image x 0.21875...0.78125")
  func centerCropSquare() throws {
    let g = try geometry(
      .up, .centerCrop, model: Size(width: 416, height: 416),
      image: Size(width: 1920, height: 1080))
    // By hand: s = max(416/1920, 416/1080) = 416/1080; the model sees 1080 of 1920 columns,
    // the centred fraction 0.5625, from (1 - 0.5625)/2 = 0.21875.
    let r = g.imageNormalizedRect(forVisionRect: .unit)
    #expect(
      r.isApproximatelyEqual(to: Rect(x: 0.21875, y: 0, width: 0.5625, height: 1), tolerance: 1e-12)
    )
  }

  @Test("scaleFit of 1920x1080 to a square: the image fills the middle 0.5625 of the height")
  func scaleFitSquare() throws {
    let g = try geometry(
      .up, .scaleFit, model: Size(width: 416, height: 416),
      image: Size(width: 1920, height: 1080))
    // s = min(416/1920, 416/1080): the image is 416 x 234 in the model, padding 91 above/below.
    let imageInVision = g.visionRect(forImageNormalizedRect: .unit)
    #expect(
      imageInVision.isApproximatelyEqual(
        to: Rect(x: 0, y: 0.21875, width: 1, height: 0.5625), tolerance: 1e-12))
    // With the image at the top of the model input (padding below), the image occupies Vision
    // y (lower-left) 0.4375...1.
    let top = try geometry(
      .up, .scaleFit, model: Size(width: 416, height: 416),
      image: Size(width: 1920, height: 1080), alignment: .topLeft)
    #expect(
      top.visionRect(forImageNormalizedRect: .unit).isApproximatelyEqual(
        to: Rect(x: 0, y: 0.4375, width: 1, height: 0.5625), tolerance: 1e-12))
  }

  @Test("scaleFill keeps normalized coordinates apart from the lower-left flip")
  func scaleFill() throws {
    let g = try geometry(
      .up, .scaleFill, model: Size(width: 300, height: 200),
      image: Size(width: 640, height: 480))
    let vision = Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
    // y_top = 1 - y - h = 0.4
    #expect(
      g.imageNormalizedRect(forVisionRect: vision).isApproximatelyEqual(
        to: Rect(x: 0.1, y: 0.4, width: 0.3, height: 0.4), tolerance: 1e-12))
  }

  @Test(
    "Orientation maps stored to oriented coordinates as the Coordinate Spaces article lists",
    arguments: [
      (ImageOrientation.up, Point(x: 0.1, y: 0.2)), (.upMirrored, Point(x: 0.9, y: 0.2)),
      (.down, Point(x: 0.9, y: 0.8)), (.downMirrored, Point(x: 0.1, y: 0.8)),
      (.leftMirrored, Point(x: 0.2, y: 0.1)), (.right, Point(x: 0.8, y: 0.1)),
      (.rightMirrored, Point(x: 0.8, y: 0.9)), (.left, Point(x: 0.2, y: 0.9)),
    ])
  func orientationFormulas(orientation: ImageOrientation, expected: Point) {
    let stored = Point(x: 0.1, y: 0.2)
    #expect(
      stored.applying(orientation.orientedFromStoredNormalized)
        .isApproximatelyEqual(to: expected, tolerance: 1e-15))
  }

  @Test("EXIF and Vision raw values")
  func rawValues() {
    #expect(ImageOrientation.allCases.map(\.rawValue) == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(ImageCropAndScaleOption.allCases.map(\.rawValue) == [0, 1, 2, 257, 258])
    #expect(
      ImageOrientation.right.swapsWidthAndHeight && !ImageOrientation.down.swapsWidthAndHeight)
  }

  @Test("Region of interest (lower-left) selects the right part of the oriented image")
  func regionOfInterest() throws {
    // ROI = right half of the bottom half (lower-left origin): top-left x 0.5...1, y 0.5...1.
    let g = try geometry(
      .up, .scaleFill, model: Size(width: 100, height: 100),
      image: Size(width: 800, height: 800), roi: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5))
    #expect(
      g.imageNormalizedRect(forVisionRect: .unit).isApproximatelyEqual(
        to: Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5), tolerance: 1e-12))
    // The Vision point (0, 1) (top-left corner of the model, lower-left coordinates) is the
    // ROI's top-left corner: image (0.5, 0.5).
    #expect(
      g.imageNormalizedPoint(forVisionPoint: Point(x: 0, y: 1))
        .isApproximatelyEqual(to: Point(x: 0.5, y: 0.5), tolerance: 1e-12))
  }

  @Test("Rotate90CCW turns the region before scaling")
  func rotate90CCW() throws {
    let g = try geometry(
      .up, .scaleFillRotate90CCW, model: Size(width: 100, height: 100),
      image: Size(width: 500, height: 500))
    // Vision (0.25, 0.75) -> model top-left (0.25, 0.25); the turn (x, y) -> (y, 1 - x) has
    // inverse (x', y') -> (1 - y', x'), giving the region point (0.75, 0.25).
    #expect(
      g.imageNormalizedPoint(forVisionPoint: Point(x: 0.25, y: 0.75))
        .isApproximatelyEqual(to: Point(x: 0.75, y: 0.25), tolerance: 1e-12))
  }

  /// `.right` with `scaleFitRotate90CCW`, 1920x1440 image, 416x416 model, by hand. The oriented
  /// image is 1440 wide and 1920 tall; turned 90° counter-clockwise it is 1920 x 1440, and
  /// scaleFit gives s = min(416/1920, 416/1440) = 416/1920: it fills the model's width and
  /// 1440/1920 = 3/4 of its height, centred (padding 1/8 above and below).
  /// Vision (0.25, 0.75) -> model top-left (0.25, 0.25) -> turned region (0.25, (0.25 - 1/8) /
  /// (3/4)) = (0.25, 1/6) -> unturned (1 - 1/6, 0.25) = (5/6, 0.25) (the inverse of
  /// (x, y) -> (y, 1 - x)) -> `.right` stores oriented (1 - y, x), so the image point is
  /// (x, y) = (0.25, 1 - 5/6) = (0.25, 1/6).
  @Test("Rotate90CCW with scaleFit under .right, by hand")
  func rotate90CCWScaleFitRight() throws {
    let g = try geometry(
      .right, .scaleFitRotate90CCW, model: Size(width: 416, height: 416),
      image: Size(width: 1920, height: 1440))
    #expect(
      g.imageNormalizedPoint(forVisionPoint: Point(x: 0.25, y: 0.75))
        .isApproximatelyEqual(to: Point(x: 0.25, y: 1.0 / 6), tolerance: 1e-12))
    // The model's padding rows (model y < 1/8) lie outside the image: Vision (0.25, 1) is model
    // (0.25, 0) -> turned region (0.25, (0 - 1/8)/(3/4)) = (0.25, -1/6) -> unturned (7/6, 0.25)
    // -> image (0.25, 1 - 7/6) = (0.25, -1/6).
    #expect(
      g.imageNormalizedPoint(forVisionPoint: Point(x: 0.25, y: 1))
        .isApproximatelyEqual(to: Point(x: 0.25, y: -1.0 / 6), tolerance: 1e-12))
  }

  /// `.left` with `scaleFillRotate90CCW`, by hand: Vision (0.25, 0.75) -> model top-left
  /// (0.25, 0.25), unchanged by scaleFill -> unturned (1 - 0.25, 0.25) = (0.75, 0.25) ->
  /// `.left` stores oriented (y, 1 - x), so the image point is (1 - 0.25, 0.75) = (0.75, 0.75).
  /// A 1920x1440 image and a 300x200 model: scaleFill ignores both aspect ratios.
  @Test("Rotate90CCW with scaleFill under .left, by hand")
  func rotate90CCWScaleFillLeft() throws {
    let g = try geometry(
      .left, .scaleFillRotate90CCW, model: Size(width: 300, height: 200),
      image: Size(width: 1920, height: 1440))
    #expect(
      g.imageNormalizedPoint(forVisionPoint: Point(x: 0.25, y: 0.75))
        .isApproximatelyEqual(to: Point(x: 0.75, y: 0.75), tolerance: 1e-12))
  }

  @Test(
    "Back camera in portrait (.right) with centerCrop: the model sees the middle 3/4 of the height")
  func portraitRight() throws {
    let g = try geometry(
      .right, .centerCrop, model: Size(width: 416, height: 416),
      image: Size(width: 1920, height: 1440))
    // Oriented image 1440x1920; the square crop keeps all 1440 columns and rows 240...1680,
    // i.e. oriented y 0.125...0.875, which is stored x 0.125...0.875 (right: oriented y = x).
    let r = g.imageNormalizedRect(forVisionRect: .unit)
    #expect(
      r.isApproximatelyEqual(to: Rect(x: 0.125, y: 0, width: 0.75, height: 1), tolerance: 1e-12))
  }

  @Test(
    "Forward then inverse is the identity for every orientation, crop and ROI",
    arguments: ImageOrientation.allCases, ImageCropAndScaleOption.allCases)
  func roundTrip(orientation: ImageOrientation, crop: ImageCropAndScaleOption) throws {
    for roi in [Rect.unit, Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.6)] {
      let g = try geometry(
        orientation, crop, model: Size(width: 384, height: 256),
        image: Size(width: 1920, height: 1440), roi: roi)
      let box = Rect(x: 0.2, y: 0.3, width: 0.25, height: 0.15)
      let back = g.visionRect(forImageNormalizedRect: g.imageNormalizedRect(forVisionRect: box))
      #expect(back.isApproximatelyEqual(to: box, tolerance: 1e-9))
      let p = Point(x: 0.37, y: 0.61)
      #expect(
        g.visionPoint(forImageNormalizedPoint: g.imageNormalizedPoint(forVisionPoint: p))
          .isApproximatelyEqual(to: p, tolerance: 1e-9))
    }
  }

  @Test("Invalid settings are refused with typed errors")
  func invalidSettings() {
    #expect(throws: VisionGeometryError.self) {
      try VisionRequestSettings(
        orientation: .up, cropAndScale: .scaleFit, modelInputSize: Size(width: 0, height: 10))
    }
    #expect(throws: VisionGeometryError.self) {
      try VisionRequestSettings(
        orientation: .up, cropAndScale: .scaleFit,
        modelInputSize: Size(width: 10, height: 10),
        regionOfInterest: Rect(x: 0.8, y: 0, width: 0.5, height: 1))
    }
    #expect(
      throws: VisionGeometryError.scaleFitAlignmentOutOfRange(horizontal: 1.5, vertical: 0)
    ) { try ScaleFitAlignment(horizontal: 1.5, vertical: 0) }
  }

  @Test("Pixel conversions scale without flipping")
  func pixelConversions() {
    let r = imageRect(
      forNormalizedRect: Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25), width: 640, height: 480)
    #expect(r == Rect(x: 160, y: 240, width: 320, height: 120))
    #expect(
      normalizedRect(forImageRect: r, width: 640, height: 480)
        == Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25))
    #expect(
      imagePoint(forNormalizedPoint: Point(x: 0.5, y: 0.25), width: 640, height: 480)
        == Point(x: 320, y: 120))
  }
}
