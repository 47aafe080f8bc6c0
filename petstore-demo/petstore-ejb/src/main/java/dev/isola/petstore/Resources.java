package dev.isola.petstore;

/**
 * The JNDI names the application expects from the server. Both default resources are mandated by
 * the Jakarta EE platform; the order queue is defined by the application itself (see
 * {@link dev.isola.petstore.order.OrderProcessorBean}).
 */
public final class Resources {
    /** The platform's default data source; the Pet Store creates its tables there on first start. */
    public static final String DATA_SOURCE = "java:comp/DefaultDataSource";

    /** The platform's default JMS connection factory. */
    public static final String JMS_CONNECTION_FACTORY = "java:comp/DefaultJMSConnectionFactory";

    /** The queue that carries placed orders to the order processor, visible to every module. */
    public static final String ORDER_QUEUE = "java:app/jms/PetStoreOrderQueue";

    /** The provider-level name of the order queue. */
    public static final String ORDER_QUEUE_NAME = "PetStoreOrderQueue";

    private Resources() {
    }
}
