import Placement
import SceneFormat

/// Metrics of a replay (or of any placer's markers) against the recording's truth objects.
/// Distances in millimetres, image distances in pixels, times in seconds from the first frame.
///
/// A truth object counts in a frame when its position projects inside that frame's viewport
/// (it could have been detected); markers count when shown (confirmed or coasting) and drawn
/// inside the viewport. A marker matches a truth object when it carries the object's label and
/// lies within `matchThresholdMeters`, in every figure: a marker in the right place with another
/// label is a miss and a false positive. All objects and shown markers take part in the
/// matching, so what does not count is a "don't care": a marker matched to an object out of view
/// is no false marker, and a marker just off the edge of the view that matches an object just
/// inside it is a match (`MultiObjectTrackingEvaluator.countedResult`).
///
/// An object is *placeable* in a frame when it counts (in the viewport) and a ray from the
/// frame's camera through it hits a surface with the replay's placement attempts — its surface
/// is a known plane anchor there or can be estimated from the frame's feature points — or a
/// detection with its label was placed within the match threshold of it: a marker could have
/// been placed for it (`PlacementScorer`, which does not see a placer's detections, uses the ray
/// alone). `trackingPlaceable` scores only placeable objects (markers on objects that are in view
/// but not placeable are neither hits nor false markers).
public struct ReplayMetrics: Sendable, Hashable {
  /// The matching distance used, metres.
  public var matchThresholdMeters: Float
  /// CLEAR-MOT and IDF1 counts and scores over every object-frame in view.
  public var tracking: MultiObjectTrackingScore
  /// The same over placeable object-frames only (`MultiObjectTrackingEvaluator.countedResult`).
  public var trackingPlaceable = MultiObjectTrackingScore()
  /// RMS placement error of the markers shown at the end that match a truth object, mm; `nil`
  /// when none match.
  public var placementErrorRMSMillimeters: Double?
  /// Largest placement error among those markers, mm.
  public var placementErrorMaxMillimeters: Double?
  /// RMS frame-to-frame motion of shown markers, pooled over all markers, mm (truth is static).
  public var jitterRMSMillimeters: Double?
  /// RMS distance in the image between shown markers drawn inside the viewport and their matched
  /// truth objects, both projected by the frame camera, pixels.
  public var reprojectionErrorRMSPixels: Double?
  /// Per truth object (id order): seconds from the first frame to the first frame in which it
  /// was in view and matched by a shown marker, `nil` when never.
  public var timeToFirstConfirmed: [FirstConfirmation]
  /// Truth objects in view in some frame but never matched there by a shown marker (objects
  /// never in view are counted apart, in ``neverInViewObjectCount``).
  public var missedObjectCount: Int
  /// Truth objects that never projected inside the viewport: no placer could have marked them,
  /// so they are neither matched nor missed.
  public var neverInViewObjectCount: Int = 0
  /// Markers shown at the end that match no truth object.
  public var falseMarkerCount: Int
  /// Per truth object (id order): when it was first placeable and how long from then to the
  /// first shown marker with its label that matches it.
  public var timeFromPlaceableToConfirmed: [PlaceableConfirmation] = []
  /// The figures per phase of the recording's interruptions (before, while relocalizing, after),
  /// or `nil` when its truth has no `trackingInterrupted` event.
  public var interruptionPhases: InterruptionPhaseScores?

  /// The longest time from first placeable to first confirmed marker over the objects that were
  /// placeable (seconds; infinity when one of them was never confirmed), or `nil` when none was
  /// placeable.
  public var maximumSecondsFromPlaceableToConfirmed: Double? {
    let placeable = timeFromPlaceableToConfirmed.filter { $0.placeableSeconds != nil }
    guard !placeable.isEmpty else { return nil }
    return placeable.map { $0.secondsToConfirmed ?? .infinity }.max()
  }

  package var jsonValue: JSONValue {
    var first: [String: JSONValue] = [:]
    for entry in timeToFirstConfirmed { first[entry.id] = .optionalNumber(entry.seconds) }
    var fromPlaceable: [String: JSONValue] = [:]
    for entry in timeFromPlaceableToConfirmed {
      fromPlaceable[entry.id] = .optionalNumber(entry.secondsToConfirmed)
    }
    let t = tracking
    let p = trackingPlaceable
    return .object([
      "placeable": .object([
        "mota": .optionalNumber(p.mota),
        "idf1": .optionalNumber(p.idf1),
        "idSwitchCount": .number(Double(p.idSwitchCount)),
        "truthCount": .number(Double(p.truthCount)),
        "matchCount": .number(Double(p.matchCount)),
        "missCount": .number(Double(p.missCount)),
        "falsePositiveCount": .number(Double(p.falsePositiveCount)),
        "secondsToFirstConfirmed": .object(fromPlaceable),
      ]),
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
      "neverInViewObjectCount": .number(Double(neverInViewObjectCount)),
      "falseMarkerCount": .number(Double(falseMarkerCount)),
      "interruptionPhases": interruptionPhases?.jsonValue ?? .null,
    ])
  }

  /// When a truth object first became placeable and how long until a marker confirmed it.
  public struct PlaceableConfirmation: Sendable, Hashable {
    /// The truth object's id.
    public var id: String
    /// Seconds from the first frame to the first frame it was placeable, or `nil` when never.
    public var placeableSeconds: Double?
    /// Seconds from then to the first shown marker with its label within the match threshold,
    /// or `nil` when never (or never placeable).
    public var secondsToConfirmed: Double?
  }

  /// When a truth object was first matched by a shown marker.
  public struct FirstConfirmation: Sendable, Hashable {
    /// The truth object's id.
    public var id: String
    /// Seconds from the first frame, or `nil` when never.
    public var seconds: Double?
    /// Whether it was ever inside the viewport (`false`: never in view, so never matched and
    /// not missed).
    public var wasInView = true
  }
}
