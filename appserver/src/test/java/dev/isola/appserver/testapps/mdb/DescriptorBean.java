package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.Resource;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

import javax.sql.DataSource;

/** No annotation: ejb-jar.xml makes this a message-driven bean, with its activation config and an env entry. */
public class DescriptorBean implements MessageListener {
    @Resource
    private DataSource ds;
    @Resource(name = "greeting")
    private String greeting;

    @Override
    public void onMessage(Message message) {
        Journal.record(ds, "DescriptorBean", message, greeting);
    }
}
