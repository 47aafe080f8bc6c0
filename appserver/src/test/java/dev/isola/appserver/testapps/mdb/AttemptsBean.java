package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.Message;

import javax.sql.DataSource;

/** Records a delivery attempt in a transaction of its own, so that the MDB's rollback does not take it back. */
@Stateless
public class AttemptsBean {
    @Resource
    private DataSource ds;

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void record(String bean, Message message) {
        Journal.attempt(ds, bean, message);
    }
}
