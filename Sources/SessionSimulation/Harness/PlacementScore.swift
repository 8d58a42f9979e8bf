import Placement

/// A placer's markers over a session scored against the recording's truth: the replay metrics
/// (placement error, jitter, MOTA, IDF1, ID switches, misses, false markers, time to first
/// marker, reprojection error), per-object detail and, when asked for, the diagnosis.
///
/// The properties read naturally in tests (`#expect(try #require(score.mota) >= 0.95)`); a
/// metric that can be undefined (no truth object ever in view, no matched marker) is optional
/// and `nil` then, as it is `null` in the JSON form. ``description`` is the report `arsim score`
/// prints.
public struct PlacementScore: Sendable, Hashable {
  /// The recording's file name, or `nil` for in-memory data.
  public var file: String?
  /// Frames scored.
  public var frameCount: Int
  /// The first and last scored timestamps (seconds), `nil` without frames.
  public var firstTimestampSeconds: Double?
  /// The last scored timestamp (seconds), `nil` without frames.
  public var lastTimestampSeconds: Double?
  /// The metrics, as `arsim replay` reports them for its own markers.
  public var metrics: ReplayMetrics
  /// RMS distance of every shown marker in every frame to the nearest truth object with its
  /// label, however far (where the markers land, matched or not), mm; `nil` without markers.
  public var asPlacedErrorRMSMillimeters: Double?
  /// Per truth object, in recording order.
  public var objects: [ObjectScore]
  /// Per marker, in id order.
  public var markers: [MarkerSummary]
  /// Which placement explains the markers best, best first; empty when not diagnosed.
  public var diagnosis: [DiagnosisFit]

  /// Creates a score.
  public init(
    file: String?, frameCount: Int, firstTimestampSeconds: Double?, lastTimestampSeconds: Double?,
    metrics: ReplayMetrics, asPlacedErrorRMSMillimeters: Double?, objects: [ObjectScore],
    markers: [MarkerSummary], diagnosis: [DiagnosisFit] = []
  ) {
    self.file = file
    self.frameCount = frameCount
    self.firstTimestampSeconds = firstTimestampSeconds
    self.lastTimestampSeconds = lastTimestampSeconds
    self.metrics = metrics
    self.asPlacedErrorRMSMillimeters = asPlacedErrorRMSMillimeters
    self.objects = objects
    self.markers = markers
    self.diagnosis = diagnosis
  }

  /// Multiple object tracking accuracy, `1 - (misses + false positives + ID switches) / truth
  /// object-frames` (`nil` when no truth object was ever in view).
  public var mota: Double? { metrics.tracking.mota }
  /// Identity F1 (`nil` without truth objects or markers in view).
  public var idf1: Double? { metrics.tracking.idf1 }
  /// Identity switches.
  public var idSwitches: Int { metrics.tracking.idSwitchCount }
  /// Truth object-frames without a matched marker.
  public var misses: Int { metrics.tracking.missCount }
  /// Marker-frames in view without a matched truth object.
  public var falsePositives: Int { metrics.tracking.falsePositiveCount }
  /// RMS placement error of the markers shown at the end that match a truth object, mm; `nil` when none does.
  public var placementErrorRMSMillimeters: Double? { metrics.placementErrorRMSMillimeters }
  /// Largest placement error among those markers, mm; `nil` when none.
  public var placementErrorMaxMillimeters: Double? { metrics.placementErrorMaxMillimeters }
  /// RMS frame-to-frame motion of shown markers, mm (truth is static); `nil` without a marker shown in two adjacent frames.
  public var jitterRMSMillimeters: Double? { metrics.jitterRMSMillimeters }
  /// RMS image distance between shown markers and their truth objects, pixels; `nil` without such markers.
  public var reprojectionErrorRMSPixels: Double? { metrics.reprojectionErrorRMSPixels }
  /// Truth objects in view in some frame but never matched there by a shown marker.
  public var missedObjects: Int { metrics.missedObjectCount }
  /// Markers shown at the end that match no truth object.
  public var falseMarkers: Int { metrics.falseMarkerCount }
  /// Seconds from the first frame until every truth object that was ever in view had been
  /// matched by a marker (`nil` when one never was, or when none was in view).
  public var timeToFirstMarkerMaxSeconds: Double? {
    var latest = 0.0
    let seen = objects.filter { $0.visibleFrameCount > 0 }
    guard !seen.isEmpty else { return nil }
    for object in seen {
      guard let seconds = object.firstMatchedSeconds else { return nil }
      latest = max(latest, seconds)
    }
    return latest
  }
  /// The best fit of the diagnosis, or `nil` when not diagnosed.
  public var bestFit: DiagnosisFit? { diagnosis.first }
}
