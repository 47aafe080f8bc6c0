package dev.isola.petstore.order;

import java.math.BigDecimal;

/**
 * The order processor's rule: an order whose total is under the limit is approved automatically;
 * one at or over the limit is left pending for a person to review.
 */
public record ApprovalPolicy(BigDecimal limit) {
    /** The limit when the deployment does not set the {@code approvalLimit} env entry. */
    public static final BigDecimal DEFAULT_LIMIT = new BigDecimal("500.00");

    /** Where the limit is configured, named in error messages. */
    public static final String ENV_ENTRY = "java:comp/env/approvalLimit";

    public ApprovalPolicy {
        if (limit.signum() < 0) {
            throw new IllegalArgumentException(ENV_ENTRY + " must not be negative, got " + limit.toPlainString());
        }
    }

    /**
     * The policy for the env entry's value: absent or blank means {@link #DEFAULT_LIMIT}.
     *
     * @throws IllegalArgumentException naming the env entry if the value is not a non-negative amount
     */
    public static ApprovalPolicy fromEnvEntry(String value) {
        if (value == null || value.isBlank()) {
            return new ApprovalPolicy(DEFAULT_LIMIT);
        }
        try {
            return new ApprovalPolicy(new BigDecimal(value.strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(ENV_ENTRY + " must be an amount such as 500.00, got '" + value + "'", e);
        }
    }

    public OrderStatus decide(BigDecimal total) {
        return total.compareTo(limit) < 0 ? OrderStatus.APPROVED : OrderStatus.PENDING;
    }
}
