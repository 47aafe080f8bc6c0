<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Sign on">
  <h1>Sign on</h1>
  <form action="${ctx}/signon" method="post" class="narrow" novalidate>
    <input type="hidden" name="next" value="${fn:escapeXml(next)}">
    <t:input name="userId" label="User id" value="${userId}" autocomplete="username"/>
    <t:input name="password" label="Password" type="password" autocomplete="current-password"/>
    <button type="submit">Sign on</button>
  </form>
  <p>New here? <a href="${ctx}/register">Create an account</a>. Just looking? Sign on as <strong>demo</strong> with the password <strong>pets4ever</strong>.</p>
</t:page>
