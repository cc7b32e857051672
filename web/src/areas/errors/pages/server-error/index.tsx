import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** 500：服务器出错。 */
export default function ServerErrorPage() {
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <Result
        status="500"
        title="500"
        subTitle="抱歉，服务器出了点问题，请稍后再试。"
        extra={[
          <Button key="home" type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>,
          <Button key="reload" onClick={() => window.location.reload()}>
            刷新重试
          </Button>,
        ]}
      />
    </div>
  );
}
