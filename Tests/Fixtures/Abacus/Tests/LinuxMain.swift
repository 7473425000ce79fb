import AbacusTests
import XCTest

var tests = [XCTestCaseEntry]()
tests += AbacusTests.__allTests()

XCTMain(tests)
