import Foundation

/// JUnit documents as `swift test --xunit-output` writes them, for the document parser and `parse`.
enum JUnitSamples {
    static let swiftPMXCTest = """
        <?xml version="1.0" encoding="UTF-8"?>

        <testsuites>
        <testsuite name="TestResults" errors="0" tests="3" failures="1" time="0.342099307">
        <testcase classname="CartKitTests.CartTests" name="testTotalFails" time="0.081799055">
        <failure message="failure"></failure>
        </testcase>
        <testcase classname="CartKitTests.CartTests" name="testSkipped" time="0.060728356">
        </testcase>
        <testcase classname="CartKitTests.CartTests" name="testTotal" time="0.199571896">
        </testcase>
        </testsuite>
        </testsuites>

        """

    static let swiftPMSwiftTesting = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite name="TestResults" errors="0" tests="4" failures="1" skipped="1" time="0.001715762">
            <testcase classname="CartKitTests.CartSuite" name="disabledOne()" >
              <skipped>not yet</skipped>
            </testcase>
            <testcase classname="CartKitTests.CartSuite" name="failsOnPurpose()" time="0.000427293" >
              <failure message="Expectation failed: (add(1, 1) &#8594; 2) == 3 (error): one and one are not three" />
            </testcase>
            <testcase classname="CartKitTests.CartSuite" name="addsTwo()" time="6.3374e-05" />
            <testcase classname="CartKitTests.Outer.Inner" name="deep()" time="0.000177513" />
            <testcase classname="CartKitTests" name="freeFunction()" time="0.000230812" />
          </testsuite>
        </testsuites>

        """
}
