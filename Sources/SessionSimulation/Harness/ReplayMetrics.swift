import Placement
import SceneFormat

/// Metrics of a replay (or of any placer's markers) against the recording's truth objects.
/// Distances in millimetres, image distances in pixels, times in seconds from the first frame.
///
/// A truth object counts in a frame when its position projects inside that frame's viewport
/// (it could have been detected); markers count when shown (confirmed or coasting). A marker
/// matches a truth object when it has its label and lies within `matchThresholdMeters`.
public struct ReplayMetrics: Sendable, Hashable {
  /// The matching distance used, metres.
  public var matchThresholdMeters: Float
  /// CLEAR-MOT and IDF1 counts and scores (`MultiObjectTrackingEvaluator`).
  public var tracking: MultiObjectTrackingScore
  /// RMS placement error of the markers shown at the end that match a truth object, mm; `nil`
  /// when none match.
  public var placementErrorRMSMillimeters: Double?
  /// Largest placement error among those markers, mm.
  public var placementErrorMaxMillimeters: Double?
  /// RMS frame-to-frame motion of shown markers, pooled over all markers, mm (truth is static).
  public var jitterRMSMillimeters: Double?
  /// RMS distance in the image between shown markers and their matched truth objects, both
  /// projected by the frame camera, pixels.
  public var reprojectionErrorRMSPixels: Double?
  /// Per truth object (id order): seconds from the first frame to the first shown marker that
  /// matches it, `nil` when never.
  public var timeToFirstConfirmed: [FirstConfirmation]
  /// Truth objects never matched by a shown marker.
  public var missedObjectCount: Int
  /// Markers shown at the end that match no truth object.
  public var falseMarkerCount: Int

  package var jsonValue: JSONValue {
    var first: [String: JSONValue] = [:]
    for entry in timeToFirstConfirmed { first[entry.id] = .optionalNumber(entry.seconds) }
    let t = tracking
    return .object([
      "matchThresholdMeters": .float(matchThresholdMeters),
      "mota": .optionalNumber(t.mota),
      "idf1": .optionalNumber(t.idf1),
      "idSwitchCount": .number(Double(t.idSwitchCount)),
      "truthCount": .number(Double(t.truthCount)),
      "matchCount": .number(Double(t.matchCount)),
      "missCount": .number(Double(t.missCount)),
      "falsePositiveCount": .number(Double(t.falsePositiveCount)),
      "placementErrorRMSMillimeters": .optionalNumber(placementErrorRMSMillimeters),
      "placementErrorMaxMillimeters": .optionalNumber(placementErrorMaxMillimeters),
      "jitterRMSMillimeters": .optionalNumber(jitterRMSMillimeters),
      "reprojectionErrorRMSPixels": .optionalNumber(reprojectionErrorRMSPixels),
      "timeToFirstConfirmedSeconds": .object(first),
      "missedObjectCount": .number(Double(missedObjectCount)),
      "falseMarkerCount": .number(Double(falseMarkerCount)),
    ])
  }

  /// When a truth object was first matched by a shown marker.
  public struct FirstConfirmation: Sendable, Hashable {
    /// The truth object's id.
    public var id: String
    /// Seconds from the first frame, or `nil` when never.
    public var seconds: Double?
  }
}
