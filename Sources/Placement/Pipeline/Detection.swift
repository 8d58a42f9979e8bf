import SpatialMath

/// One detector output for a frame (Vision's `VNRecognizedObjectObservation`): the input of
/// `PlacementPipeline`.
public struct Detection: Sendable, Hashable {
  /// One ranked classification (`VNClassificationObservation`).
  public struct RankedLabel: Sendable, Hashable {
    /// The class name.
    public var identifier: String
    /// The confidence, 0...1.
    public var confidence: Float

    /// Creates a ranked label.
    public init(identifier: String, confidence: Float) {
      self.identifier = identifier
      self.confidence = confidence
    }
  }

  /// The top label; markers are tracked per label.
  public var label: String
  /// The detector's confidence, 0...1.
  public var confidence: Float
  /// The box in Vision normalized coordinates: lower-left origin, 0...1, relative to the region
  /// the model saw (after region of interest and crop/scale; see the Coordinate Spaces article of
  /// ARSimulation).
  public var boundingBox: Rect
  /// The ranked labels, best first; empty when the detector gave none.
  public var rankedLabels: [RankedLabel]

  /// Creates a detection.
  public init(
    label: String, confidence: Float, boundingBox: Rect, rankedLabels: [RankedLabel] = []
  ) {
    self.label = label
    self.confidence = confidence
    self.boundingBox = boundingBox
    self.rankedLabels = rankedLabels
  }
}
