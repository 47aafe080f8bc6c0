package dev.isola.petstore.order;

/** Where an order is in its life: placed, then approved automatically or held for review. */
public enum OrderStatus {
    PLACED("Placed, awaiting processing"),
    APPROVED("Approved"),
    PENDING("Pending review");

    private final String label;

    OrderStatus(String label) {
        this.label = label;
    }

    /** What the pages show. */
    public String label() {
        return label;
    }
}
