import ARSimulation
import SpatialMath

/// Non-maximum suppression of detector candidates, as Core ML's `NonMaximumSuppression` model
/// (the `PickTop` method) does it at the end of a YOLO pipeline, and as apps do it themselves
/// when their model stops before NMS.
///
/// The algorithm, for candidates `c[0..<n]`:
/// 1. Score each candidate by its best class confidence (``DetectionCandidate/bestClass``).
///    Drop candidates whose score is below ``confidenceThreshold``, whose box is not finite or
///    has a negative size, or that have no classes.
/// 2. Order the rest by score, highest first; equal scores keep their input order.
/// 3. Walk that order: keep a candidate unless it was suppressed, then suppress every later
///    candidate whose IoU with it is **greater than** ``iouThreshold`` — among all candidates
///    (`classAgnostic`) or only those with the same best class (`perClass`, Core ML's
///    `perClass`).
/// 4. Return the kept candidates in that order, at most ``maximumDetections`` of them.
///
/// Equality with the IoU threshold keeps the box (so `iouThreshold` 1 never suppresses and 0
/// suppresses every overlapping box). Core ML's specification describes the threshold only as
/// the "radius of suppression"; `>` is the common reading (torchvision, TensorFlow).
///
/// IoU is computed on the boxes as given (Vision normalized); it is the same in model-input
/// pixels (see `Rect.intersectionOverUnion(with:)`).
public struct NonMaximumSuppression: Sendable, Hashable {
  /// Which candidates may suppress each other (`perClass` or `classAgnostic`).
  public typealias Scope = NonMaximumSuppressionScope

  /// Why a configuration was refused.
  public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The IoU threshold is not in 0...1.
    case iouThresholdOutOfRange(Double)
    /// The confidence threshold is not in 0...1.
    case confidenceThresholdOutOfRange(Double)
    /// The maximum number of detections is below 1.
    case maximumDetectionsNotPositive(Int)

    /// A one-line explanation naming the bad value.
    public var description: String {
      switch self {
      case .iouThresholdOutOfRange(let v): "iouThreshold must be in [0, 1], got \(v)"
      case .confidenceThresholdOutOfRange(let v):
        "confidenceThreshold must be in [0, 1], got \(v)"
      case .maximumDetectionsNotPositive(let v): "maximumDetections must be >= 1, got \(v)"
      }
    }
  }

  /// Candidates overlapping a kept one by more than this IoU are suppressed (0...1).
  public let iouThreshold: Double
  /// Candidates whose best class confidence is below this are dropped before suppression (0...1).
  public let confidenceThreshold: Double
  /// Which candidates may suppress each other.
  public let scope: Scope
  /// The most detections returned (the best ones), or `nil` for no limit.
  public let maximumDetections: Int?

  /// Creates a configuration.
  ///
  /// - Throws: ``ConfigurationError`` for a threshold outside 0...1 (or not finite) or a maximum
  ///   below 1.
  public init(
    iouThreshold: Double, confidenceThreshold: Double, scope: Scope,
    maximumDetections: Int? = nil
  ) throws(ConfigurationError) {
    guard (0...1).contains(iouThreshold) else { throw .iouThresholdOutOfRange(iouThreshold) }
    guard (0...1).contains(confidenceThreshold) else {
      throw .confidenceThresholdOutOfRange(confidenceThreshold)
    }
    if let maximumDetections, maximumDetections < 1 {
      throw .maximumDetectionsNotPositive(maximumDetections)
    }
    self.iouThreshold = iouThreshold
    self.confidenceThreshold = confidenceThreshold
    self.scope = scope
    self.maximumDetections = maximumDetections
  }

  private init(unchecked iou: Double, _ confidence: Double, _ scope: Scope, _ maximum: Int?) {
    iouThreshold = iou
    confidenceThreshold = confidence
    self.scope = scope
    maximumDetections = maximum
  }

  /// The thresholds YOLOv3-Tiny ships with in Core ML form (`iouThreshold` 0.45,
  /// `confidenceThreshold` 0.25, the defaults of the model's threshold inputs), per class, at
  /// most 100 detections: what the seed apps get from Vision.
  public static let yolov3Tiny = NonMaximumSuppression(unchecked: 0.45, 0.25, .perClass, 100)

  /// The indices of the candidates that survive, best first (see the type's documentation).
  ///
  /// - Complexity: O(n log n + n k) for n candidates and k kept.
  public func keptIndices(of candidates: [DetectionCandidate]) -> [Int] {
    var scored: [(index: Int, score: Float, label: String, box: Rect)] = []
    scored.reserveCapacity(candidates.count)
    for (index, candidate) in candidates.enumerated() {
      let box = candidate.boundingBox
      guard box.isFinite, box.size.width >= 0, box.size.height >= 0,
        let best = candidate.bestClass, best.confidence.isFinite,
        Double(best.confidence) >= confidenceThreshold
      else { continue }
      scored.append((index, best.confidence, best.identifier, box.standardized))
    }
    // Highest score first, input order among equals (the sort is not stable, so compare indices).
    scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
    var kept: [Int] = []
    var keptEntries: [(label: String, box: Rect)] = []
    let limit = maximumDetections ?? Int.max
    for entry in scored {
      if kept.count >= limit { break }
      let suppressed = keptEntries.contains { keptEntry in
        (scope == .classAgnostic || keptEntry.label == entry.label)
          && keptEntry.box.intersectionOverUnion(with: entry.box) > iouThreshold
      }
      if suppressed { continue }
      kept.append(entry.index)
      keptEntries.append((entry.label, entry.box))
    }
    return kept
  }

  /// The observations Vision returns for `candidates` after suppression, best first: each kept
  /// candidate's ``DetectionCandidate/detection()``.
  public func detections(from candidates: [DetectionCandidate]) -> [Detection] {
    keptIndices(of: candidates).compactMap { candidates[$0].detection() }
  }
}
