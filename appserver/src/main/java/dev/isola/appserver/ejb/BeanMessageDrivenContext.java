package dev.isola.appserver.ejb;

import jakarta.ejb.MessageDrivenContext;

/**
 * The {@link MessageDrivenContext} of a message-driven bean: with container-managed
 * transactions, {@code setRollbackOnly} during {@code onMessage} rolls back the delivery, so
 * the message comes again (flagged {@code JMSRedelivered}).
 */
final class BeanMessageDrivenContext extends BeanContext implements MessageDrivenContext {

    BeanMessageDrivenContext(BeanContainer container) {
        super(container);
    }

    @Override
    public String toString() {
        return "MessageDrivenContext[" + container.name() + "]";
    }
}
