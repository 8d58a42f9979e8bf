import Placement
import Testing

@Suite struct LinearAssignmentTests {
  /// By hand, the six permutations of [[4,1,3],[2,0,5],[3,2,2]] cost 4+0+2=6, 4+5+2=11, 1+2+2=5,
  /// 1+5+3=9, 3+2+2=7, 3+0+3=6: the optimum (cost 5) is rows -> columns 1, 0, 2.
  @Test func handMadeThreeByThree() {
    let costs: [[Double]] = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
    #expect(LinearAssignment.minimumCostAssignment(costs: costs) == [1, 0, 2])
  }

  @Test func forbiddenPairsAreNeverAssigned() {
    let inf = Double.infinity
    #expect(LinearAssignment.minimumCostAssignment(costs: [[inf, 1], [inf, inf]]) == [1, nil])
    #expect(LinearAssignment.minimumCostAssignment(costs: [[.nan]]) == [nil])
  }

  /// Maximum cardinality first: taking the cheap (0) pair would leave row 1 unassigned.
  @Test func cardinalityBeforeCost() {
    let inf = Double.infinity
    #expect(LinearAssignment.minimumCostAssignment(costs: [[0, 5], [1, inf]]) == [1, 0])
  }

  @Test(arguments: [
    ([[1.0, 9, 2]], [Int?]([0])),
    ([[9.0], [1], [5]], [nil, 0, nil]),
    ([[3.0, 1, 7], [1, 3, 7]], [1, 0]),
  ])
  func rectangularMatrices(costs: [[Double]], expected: [Int?]) {
    #expect(LinearAssignment.minimumCostAssignment(costs: costs) == expected)
  }

  @Test func tiesBreakTowardsLowIndices() {
    #expect(LinearAssignment.minimumCostAssignment(costs: [[1, 1], [1, 1]]) == [0, 1])
  }

  /// Rows are placed in index order. `[[1, 1], [2, 2]]`: both assignments cost 3; row 0 takes
  /// its cheapest column with the lowest index (0) and row 1 has no cheaper option than column 1.
  /// `[[1, 0], [1, 0]]`: both assignments cost 1; row 0 takes column 1 (cost 0) first and keeps
  /// it, because moving it would not lower the total; row 1 gets column 0.
  @Test func equalCostAssignmentsKeepEarlierRowsChoices() {
    #expect(LinearAssignment.minimumCostAssignment(costs: [[1, 1], [2, 2]]) == [0, 1])
    #expect(LinearAssignment.minimumCostAssignment(costs: [[1, 0], [1, 0]]) == [1, 0])
    #expect(LinearAssignment.minimumCostAssignment(costs: [[2, 1], [2, 1]]) == [1, 0])
  }

  @Test func emptyAndRaggedInputs() {
    #expect(LinearAssignment.minimumCostAssignment(costs: []) == [])
    #expect(LinearAssignment.minimumCostAssignment(costs: [[1, 2], [1]]) == [nil, nil])
  }
}
