package dev.isola.petstore.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ApprovalPolicyTest {

    @Test
    void approvesOrdersUnderTheLimitAndHoldsTheRest() {
        ApprovalPolicy policy = ApprovalPolicy.fromEnvEntry("500.00");
        assertEquals(OrderStatus.APPROVED, policy.decide(new BigDecimal("499.99")));
        assertEquals(OrderStatus.PENDING, policy.decide(new BigDecimal("500.00")), "the limit itself is not under it");
        assertEquals(OrderStatus.PENDING, policy.decide(new BigDecimal("640.00")));
    }

    @Test
    void anAbsentEnvEntryMeansTheDefaultLimit() {
        assertEquals(ApprovalPolicy.DEFAULT_LIMIT, ApprovalPolicy.fromEnvEntry(null).limit());
        assertEquals(ApprovalPolicy.DEFAULT_LIMIT, ApprovalPolicy.fromEnvEntry("  ").limit());
    }

    @Test
    void aConfiguredLimitIsHonoured() {
        ApprovalPolicy strict = ApprovalPolicy.fromEnvEntry(" 50 ");
        assertEquals(OrderStatus.PENDING, strict.decide(new BigDecimal("77.00")));
        ApprovalPolicy holdAll = ApprovalPolicy.fromEnvEntry("0");
        assertEquals(OrderStatus.PENDING, holdAll.decide(new BigDecimal("5.50")));
    }

    @Test
    void aMalformedOrNegativeLimitNamesTheEnvEntry() {
        IllegalArgumentException words = assertThrows(IllegalArgumentException.class,
                () -> ApprovalPolicy.fromEnvEntry("five hundred"));
        assertTrue(words.getMessage().contains(ApprovalPolicy.ENV_ENTRY), words.getMessage());
        assertTrue(words.getMessage().contains("five hundred"), words.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> ApprovalPolicy.fromEnvEntry("-1"));
        assertTrue(negative.getMessage().contains(ApprovalPolicy.ENV_ENTRY), negative.getMessage());
    }
}
