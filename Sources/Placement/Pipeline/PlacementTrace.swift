import ARSimulation
import SpatialMath

/// Everything placement computed for one detection, for debugging: the box in every space, the
/// anchor point, each raycast query and all of its results. Built only when asked for.
public struct PlacementTrace: Sendable, Hashable {
  /// The box (and its centre) in every space; `nil` when the box is invalid.
  public let box: VisionBoxTrace?
  /// The anchor point in Vision normalized coordinates (lower-left origin).
  public let anchorVisionNormalized: Point
  /// The anchor point in stored-image normalized coordinates (top-left origin).
  public let anchorImageNormalized: Point
  /// The anchor point in viewport points (top-left origin); `nil` when the viewport size is not
  /// usable.
  public let anchorViewportPoint: Point?
  /// The query of each attempt that ran, in order (attempts after the first hit do not run).
  public let queries: [RaycastQuery]
  /// All results of each query, nearest first, parallel to `queries`.
  public let results: [[RaycastResult]]
  /// Why each query without results missed (`Raycaster.missDiagnosis(for:in:)`), parallel to
  /// `queries`; `nil` for queries that hit.
  public let misses: [RaycastMissDiagnosis?]

  /// Creates a trace.
  public init(
    box: VisionBoxTrace?, anchorVisionNormalized: Point, anchorImageNormalized: Point,
    anchorViewportPoint: Point?, queries: [RaycastQuery], results: [[RaycastResult]],
    misses: [RaycastMissDiagnosis?] = []
  ) {
    self.box = box
    self.anchorVisionNormalized = anchorVisionNormalized
    self.anchorImageNormalized = anchorImageNormalized
    self.anchorViewportPoint = anchorViewportPoint
    self.queries = queries
    self.results = results
    self.misses = misses
  }
}
