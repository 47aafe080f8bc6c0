package dev.isola.appserver.testapps.tx;

import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

import javax.sql.DataSource;

/** One method per transaction attribute: insert a row tagged by the caller, then end as told. */
@Stateless
public class AttributeBean {
    @Resource
    private DataSource ds;
    @Resource
    private SessionContext context;

    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public void required(String tag, String outcome) throws AppFailure {
        Ledger.insert(ds, tag);
        Ledger.end(outcome, context);
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void requiresNew(String tag, String outcome) throws AppFailure {
        Ledger.insert(ds, tag);
        Ledger.end(outcome, context);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void supports(String tag, String outcome) throws AppFailure {
        Ledger.insert(ds, tag);
        Ledger.end(outcome, context);
    }

    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void notSupported(String tag, String outcome) throws AppFailure {
        Ledger.insert(ds, tag);
        Ledger.end(outcome, context);
    }

    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void mandatory(String tag, String outcome) throws AppFailure {
        Ledger.insert(ds, tag);
        Ledger.end(outcome, context);
    }

    @TransactionAttribute(TransactionAttributeType.NEVER)
    public void never(String tag, String outcome) throws AppFailure {
        Ledger.insert(ds, tag);
        Ledger.end(outcome, context);
    }

    /** Annotated REQUIRES_NEW, but ejb-jar.xml says Required: the descriptor wins. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void described(String tag) {
        Ledger.insert(ds, tag);
    }

    /** Calls {@code attribute}'s method; answers "ok" or the simple name of what it threw. */
    public static String call(AttributeBean bean, String attribute, String tag, String outcome) {
        try {
            switch (attribute) {
                case "REQUIRED" -> bean.required(tag, outcome);
                case "REQUIRES_NEW" -> bean.requiresNew(tag, outcome);
                case "SUPPORTS" -> bean.supports(tag, outcome);
                case "NOT_SUPPORTED" -> bean.notSupported(tag, outcome);
                case "MANDATORY" -> bean.mandatory(tag, outcome);
                case "NEVER" -> bean.never(tag, outcome);
                case "DESCRIPTOR" -> bean.described(tag);
                default -> throw new IllegalArgumentException(attribute);
            }
            return "ok";
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

}
