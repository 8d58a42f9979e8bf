import SceneFormat

extension PlacementScore {
  /// One figure of a score: its key in `arsim score --json` (and in `--require`), what it
  /// measures, and how to read it from a score (`nil` when undefined). Most figures are numbers;
  /// a few are text from a fixed list (the best-fit mistake's identifier).
  public struct Metric: Sendable {
    /// A figure's value: a number or a text.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
      /// A finite number.
      case number(Double)
      /// A text (for a text metric, one of ``Metric/textValues``).
      case text(String)

      /// The JSON value (`null` is written for a missing value, not here).
      public var jsonValue: JSONValue {
        switch self {
        case .number(let value): .number(value)
        case .text(let value): .string(value)
        }
      }

      /// The number as JSON writes it (`0.9`, `12`), or the text.
      public var description: String {
        switch self {
        case .number(let value): JSONWriter.text(of: value)
        case .text(let value): value
        }
      }
    }

    /// The JSON key (`mota`, `placementErrorRmsMm`, ...).
    public let key: String
    /// What it measures, with its unit and what `null` means.
    public let summary: String
    /// Whether larger is better (for messages; `--require` takes any comparison). `false` for
    /// a text.
    public let largerIsBetter: Bool
    /// The values a text metric takes, or `nil` for a number.
    public let textValues: [String]?
    let read: @Sendable (PlacementScore) -> Value?

    /// A number metric; `read` returns `nil` (or a non-finite number) when it is undefined.
    static func number(
      _ key: String, _ summary: String, largerIsBetter: Bool,
      read: @escaping @Sendable (PlacementScore) -> Double?
    ) -> Metric {
      Metric(
        key: key, summary: summary, largerIsBetter: largerIsBetter, textValues: nil,
        read: { score in read(score).flatMap { $0.isFinite ? .number($0) : nil } })
    }

    /// A text metric taking one of `values`; `read` returns `nil` when it is undefined.
    static func text(
      _ key: String, _ summary: String, values: [String],
      read: @escaping @Sendable (PlacementScore) -> String?
    ) -> Metric {
      Metric(
        key: key, summary: summary, largerIsBetter: false, textValues: values,
        read: { score in read(score).map(Value.text) })
    }

    /// Whether the metric is a text (``textValues`` not `nil`).
    public var isText: Bool { textValues != nil }

    /// The value in `score`, or `nil` when it is undefined (written `null`).
    public func value(in score: PlacementScore) -> Value? { read(score) }
  }

  /// Every figure of a score, in the order `arsim score` prints them: the one table the JSON
  /// writer, `--require`, its parser's messages, the help text and the JSON Schema test read.
  public static let metricTable: [Metric] = [
    .number("frames", "frames scored", largerIsBetter: true) { Double($0.frameCount) },
    .number(
      "matchThresholdMeters",
      "distance within which a marker matches a truth object of its label, metres",
      largerIsBetter: false,
      // The Float's shortest decimal form, as replay writes it (0.04, not 0.03999999910593033).
      read: { Double($0.metrics.matchThresholdMeters.description) }),
    .number(
      "mota",
      "multiple object tracking accuracy, 1 - (misses + falsePositives + idSwitches) / "
        + "truthObjectFrames (1 is perfect); null without truth objects in view",
      largerIsBetter: true, read: { $0.metrics.tracking.mota }),
    .number(
      "idf1", "identity F1 (1 is perfect); null without truth objects or markers in view",
      largerIsBetter: true, read: { $0.metrics.tracking.idf1 }),
    .number(
      "idSwitches", "times a truth object's matched marker changed id", largerIsBetter: false,
      read: { Double($0.metrics.tracking.idSwitchCount) }),
    .number(
      "misses", "truth object-frames in view without a matching marker", largerIsBetter: false,
      read: { Double($0.metrics.tracking.missCount) }),
    .number(
      "falsePositives", "marker-frames in view matching no truth object", largerIsBetter: false,
      read: { Double($0.metrics.tracking.falsePositiveCount) }),
    .number(
      "truthObjectFrames", "truth object-frames in view (the MOTA denominator)",
      largerIsBetter: true, read: { Double($0.metrics.tracking.truthCount) }),
    .number(
      "placeableMota",
      "MOTA over placeable object-frames only (in view, and a ray through the object hits a "
        + "surface; replay also counts an object one of its detections was placed on): the "
        + "placer's own accuracy, apart from planes the scene shows late; null without "
        + "placeable object-frames",
      largerIsBetter: true, read: { $0.metrics.trackingPlaceable.mota }),
    .number(
      "placeableIdf1", "identity F1 over placeable object-frames; null without them",
      largerIsBetter: true, read: { $0.metrics.trackingPlaceable.idf1 }),
    .number(
      "placeableIdSwitches", "identity switches of placeable objects", largerIsBetter: false,
      read: { Double($0.metrics.trackingPlaceable.idSwitchCount) }),
    .number(
      "placeableMisses", "placeable object-frames without a matching marker",
      largerIsBetter: false, read: { Double($0.metrics.trackingPlaceable.missCount) }),
    .number(
      "placeableFalsePositives",
      "marker-frames in view matching no truth object (markers on objects in view but not "
        + "placeable left out)",
      largerIsBetter: false, read: { Double($0.metrics.trackingPlaceable.falsePositiveCount) }),
    .number(
      "placeableObjectFrames", "placeable object-frames (the placeableMota denominator)",
      largerIsBetter: true, read: { Double($0.metrics.trackingPlaceable.truthCount) }),
    .number(
      "placeableToConfirmedMaxSeconds",
      "the longest time from an object's first placeable frame to its first matching marker, "
        + "seconds; null when no object was placeable or one never got a marker",
      largerIsBetter: false, read: { $0.metrics.maximumSecondsFromPlaceableToConfirmed }),
    .number(
      "placementErrorRmsMm",
      "RMS error of the markers shown at the end that match a truth object, mm; null when none "
        + "does",
      largerIsBetter: false, read: { $0.metrics.placementErrorRMSMillimeters }),
    .number(
      "placementErrorMaxMm", "largest of those errors, mm; null when none", largerIsBetter: false,
      read: { $0.metrics.placementErrorMaxMillimeters }),
    .number(
      "asPlacedErrorRmsMm",
      "RMS distance of every shown marker in every frame to the nearest truth object of its "
        + "label, however far, mm; null without such markers",
      largerIsBetter: false, read: { $0.asPlacedErrorRMSMillimeters }),
    .number(
      "jitterRmsMm",
      "RMS frame-to-frame motion of shown markers, mm; null without a marker shown in two "
        + "adjacent frames",
      largerIsBetter: false, read: { $0.metrics.jitterRMSMillimeters }),
    .number(
      "reprojectionErrorRmsPx",
      "RMS image distance between matched markers in view and their truth objects, pixels; "
        + "null without such markers",
      largerIsBetter: false, read: { $0.metrics.reprojectionErrorRMSPixels }),
    .number(
      "missedObjects",
      "truth objects in view in some frame but never matched there by a shown marker",
      largerIsBetter: false, read: { Double($0.metrics.missedObjectCount) }),
    .number(
      "objectsNeverInView",
      "truth objects that never projected inside the viewport (neither matched nor missed)",
      largerIsBetter: false, read: { Double($0.metrics.neverInViewObjectCount) }),
    .number(
      "falseMarkers", "markers shown at the end that match no truth object",
      largerIsBetter: false, read: { Double($0.metrics.falseMarkerCount) }),
    .number(
      "timeToFirstMarkerMaxSeconds",
      "seconds until every truth object ever in view had been matched by a marker; null when "
        + "one never was",
      largerIsBetter: false, read: { $0.timeToFirstMarkerMaxSeconds }),
    .number(
      "beforeInterruptionMota",
      "MOTA over the frames before the recording's first interruption (a trackingInterrupted "
        + "truth event); null without interruptions or truth objects in view then",
      largerIsBetter: true, read: { $0.metrics.interruptionPhases?.beforeInterruption.mota }),
    .number(
      "beforeInterruptionErrorRmsMm",
      "RMS distance of the matched markers to their truth objects over those frames' matched "
        + "object-frames, mm; null without interruptions or matches then",
      largerIsBetter: false,
      read: { $0.metrics.interruptionPhases?.beforeInterruption.placementErrorRMSMillimeters }),
    .number(
      "relocalizingFalsePositives",
      "marker-frames in view while a session relocalizes after an interruption that match no "
        + "truth object where the user sees them (the reported pose is off then): markers shown "
        + "at a wrong place; null without interruptions",
      largerIsBetter: false,
      read: { ($0.metrics.interruptionPhases?.relocalizing.falsePositiveCount).map(Double.init) }),
    .number(
      "afterRelocalizationMota",
      "MOTA over the frames after relocalization succeeded or tracking was reset; null without "
        + "interruptions or truth objects in view then",
      largerIsBetter: true, read: { $0.metrics.interruptionPhases?.afterRelocalization.mota }),
    .number(
      "afterRelocalizationFalsePositives",
      "marker-frames in view after relocalization that match no truth object: markers shown at "
        + "a wrong place (those placed while the pose was off among them); null without "
        + "interruptions",
      largerIsBetter: false,
      read: {
        ($0.metrics.interruptionPhases?.afterRelocalization.falsePositiveCount).map(Double.init)
      }),
    .number(
      "afterRelocalizationErrorRmsMm",
      "RMS distance of the matched markers to their truth objects over those frames' matched "
        + "object-frames, mm; null without interruptions or matches then",
      largerIsBetter: false,
      read: { $0.metrics.interruptionPhases?.afterRelocalization.placementErrorRMSMillimeters }),
    .number(
      "restoredMaxSeconds",
      "the longest time, over the truth objects in view after a relocalization, from the first "
        + "such frame to the object's first matching marker, seconds; null without them or when "
        + "one never got its marker back",
      largerIsBetter: false, read: { $0.metrics.interruptionPhases?.restoredMaxSeconds }),
    .text(
      "bestFitMistake",
      "the diagnosis' best fit: the identifier of the classic mistake the markers fit, or none "
        + "for the correct placement; null when not diagnosed or when no placement explains them",
      values: ["none"] + PlacementMistake.catalogue.map(\.id),
      read: { score in score.bestFit.flatMap { $0.residualMillimeters == nil ? nil : $0.mistakeID }
      }
    ),
    .number(
      "bestFitResidualMm",
      "the best fit's residual (median distance between the markers and that placement's), mm; "
        + "null when not diagnosed or when no placement explains the markers",
      largerIsBetter: false, read: { $0.bestFit?.residualMillimeters }),
  ]

  /// The metric with JSON key `key`, or `nil`.
  public static func metric(named key: String) -> Metric? {
    metricTable.first { $0.key == key }
  }
}
