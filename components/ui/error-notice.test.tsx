import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type AppError } from "@/lib/result";
import { ErrorNotice } from "./error-notice";

const refused: AppError = {
  code: "PRIVILEGE_MISSING",
  message:
    "This vehicle's grant does not include Non-location history (privilege 1), which valuations need. Ask the owner to share it.",
  retryable: false,
};
const outage: AppError = {
  code: "UNAVAILABLE",
  message: "DIMO's valuations service is not answering (503). Try again in a moment.",
  retryable: true,
};

describe("ErrorNotice", () => {
  it("shows a refused privilege as what is missing, in either variant, with no retry", () => {
    for (const variant of ["panel", "line"] as const) {
      const html = renderToStaticMarkup(
        <ErrorNotice
          error={refused}
          feature="valuation"
          variant={variant}
          onRetry={() => {}}
          testId="valuation-error"
        />,
      );
      expect(html).toContain('data-testid="missing-privilege"');
      expect(html).toContain("Valuation unavailable");
      expect(html).not.toContain('data-testid="valuation-error"');
      expect(html).not.toContain("error-retry");
    }
  });

  it("shows a refused privilege as an error when it is not told which feature was refused", () => {
    const html = renderToStaticMarkup(<ErrorNotice error={refused} testId="valuation-error" />);
    expect(html).toContain('data-testid="valuation-error"');
    expect(html).toContain('data-error-code="PRIVILEGE_MISSING"');
    expect(html).not.toContain("missing-privilege");
  });

  it("shows any other error as a notice with its retry, whatever the feature", () => {
    const html = renderToStaticMarkup(
      <ErrorNotice
        error={outage}
        feature="valuation"
        title="The valuation could not be loaded."
        onRetry={() => {}}
        testId="valuation-error"
      />,
    );
    expect(html).toContain('data-testid="valuation-error"');
    expect(html).toContain("The valuation could not be loaded.");
    expect(html).toContain('data-testid="error-retry"');
    expect(html).not.toContain("missing-privilege");
  });
});
