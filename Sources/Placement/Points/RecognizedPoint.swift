import ARSimulation
import SpatialMath

/// One named point of a Vision observation (`VNRecognizedPoint`: a hand or body joint).
public struct RecognizedPoint: Sendable, Hashable {
  /// The point's name (for hands, a ``HandJoint`` name such as `indexTip`).
  public var name: String
  /// The location in Vision normalized coordinates: lower-left origin, 0...1, relative to the
  /// request's region of interest in the oriented image (no crop; see `VisionRequestType`).
  public var location: Point
  /// The confidence, 0...1 (Vision reports 0 for joints it could not see).
  public var confidence: Float

  /// Creates a point.
  public init(name: String, location: Point, confidence: Float) {
    self.name = name
    self.location = location
    self.confidence = confidence
  }
}

/// The points of one observation of a point request (`VNHumanHandPoseObservation`,
/// `VNHumanBodyPoseObservation`): one hand or one body.
public struct RecognizedPointsObservation: Sendable, Hashable {
  /// The request that produced it (its coordinates follow that request's geometry).
  public var requestType: VisionRequestType
  /// The observation's confidence, 0...1.
  public var confidence: Float
  /// The points, in the order recorded.
  public var points: [RecognizedPoint]

  /// Creates an observation.
  public init(requestType: VisionRequestType, confidence: Float, points: [RecognizedPoint]) {
    self.requestType = requestType
    self.confidence = confidence
    self.points = points
  }

  /// The point named `name` (the first one when repeated), or `nil`.
  public func point(named name: String) -> RecognizedPoint? {
    points.first { $0.name == name }
  }

  /// The point of a hand joint, or `nil`.
  public func point(_ joint: HandJoint) -> RecognizedPoint? { point(named: joint.name) }
}
