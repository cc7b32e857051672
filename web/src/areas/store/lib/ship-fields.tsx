import { Form, Input } from 'antd';

/** The parcel's receiver, phone and address (physical goods: buying, and redeeming a code). */
export function ShipFields() {
  return (
    <>
      <Form.Item label="收货人" name="shipName" rules={[{ required: true, message: '请填写收货人' }, { max: 30 }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item
        label="收货电话"
        name="shipPhone"
        rules={[
          { required: true, message: '请填写收货电话' },
          { pattern: /^[0-9+\- ]{5,20}$/, message: '收货电话格式不正确' },
        ]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        label="收货地址"
        name="shipAddress"
        rules={[{ required: true, message: '请填写收货地址' }, { max: 200 }]}
      >
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </>
  );
}
