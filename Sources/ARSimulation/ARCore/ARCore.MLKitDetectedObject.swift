import SpatialMath

extension ARCore {
  /// An object that ML Kit's object detector found (`DetectedObject`) in an `InputImage` made from
  /// the CPU image with `rotationDegrees`: `getBoundingBox()` is an Android `Rect` in pixels of the
  /// upright image — the CPU image turned clockwise by `rotationDegrees` (for 90 and 270 its width
  /// and height swap) — top-left origin, x right, y down.
  public struct MLKitDetectedObject: Sendable, Hashable {
    /// `getBoundingBox()`: left, top, right, bottom in upright-image pixels (ML Kit gives whole
    /// pixels; any value is accepted here).
    public let boundingBox: Rect
    /// The `rotationDegrees` the app passed to `InputImage` (0, 90, 180 or 270, clockwise).
    public let rotationDegrees: Int
    /// `getTrackingId()`, when tracking is on.
    public let trackingID: Int?
    /// `getLabels()`: the classifications, most confident first as ML Kit gives them.
    public let labels: [Label]

    /// One classification of a detected object (`DetectedObject.Label`).
    public struct Label: Sendable, Hashable {
      /// `getText()`: the class name.
      public let text: String
      /// `getConfidence()`: in `0...1`.
      public let confidence: Double
      /// `getIndex()`: the class index in the model, when known.
      public let index: Int?

      /// Creates a label.
      ///
      /// - Throws: ``ARCoreError/confidenceOutOfRange(_:)`` outside `0...1`.
      public init(text: String, confidence: Double, index: Int? = nil) throws(ARCoreError) {
        guard (0...1).contains(confidence) else { throw .confidenceOutOfRange(confidence) }
        self.text = text
        self.confidence = confidence
        self.index = index
      }
    }

    /// Creates a detection from ML Kit's `Rect` edges.
    ///
    /// - Throws: ``ARCoreError/notAQuarterTurn(degrees:)`` when the rotation is not 0, 90, 180
    ///   or 270, ``ARCoreError/boxNotValid(left:top:right:bottom:)`` when an edge is not finite or
    ///   `right < left` or `bottom < top`.
    public init(
      left: Double, top: Double, right: Double, bottom: Double, rotationDegrees: Int,
      trackingID: Int? = nil, labels: [Label] = []
    ) throws(ARCoreError) {
      guard ARCore.rightAngleDegrees.contains(rotationDegrees) else {
        throw .notAQuarterTurn(degrees: rotationDegrees)
      }
      guard [left, top, right, bottom].allSatisfy(\.isFinite), right >= left, bottom >= top else {
        throw .boxNotValid(left: left, top: top, right: right, bottom: bottom)
      }
      boundingBox = Rect(x: left, y: top, width: right - left, height: bottom - top)
      self.rotationDegrees = rotationDegrees
      self.trackingID = trackingID
      self.labels = labels
    }

    /// The first label, ML Kit's most confident one, or `nil` without labels.
    public var topLabel: Label? { labels.first }

    /// The map from upright-image pixels back to CPU image pixels (`IMAGE_PIXELS`) for a CPU image
    /// of `imageSize`: the inverse of turning it clockwise by `rotationDegrees`. Turning a W x H
    /// image clockwise by 90° sends `(x, y)` to `(H - y, x)`, so the inverse sends `(x', y')` to
    /// `(y', H - x')`; 180°: `(W - x', H - y')`; 270°: `(W - y', x')`.
    public static func imagePixelsFromUpright(
      rotationDegrees: Int, imageSize: Size
    ) -> AffineTransform2D {
      let (w, h) = (imageSize.width, imageSize.height)
      switch rotationDegrees {
      case 90: return AffineTransform2D(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: h)
      case 180: return AffineTransform2D(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
      case 270: return AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: w, ty: 0)
      default: return .identity
      }
    }

    /// The box in CPU image pixels (`IMAGE_PIXELS`, the unrotated image of `imageSize`).
    public func imagePixelRect(imageSize: Size) -> Rect {
      boundingBox.applying(
        Self.imagePixelsFromUpright(rotationDegrees: rotationDegrees, imageSize: imageSize))
    }
  }
}
